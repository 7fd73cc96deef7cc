"""The CPU levels' error rates per rating family (benchmarks/rating_calibration.py --write-table; docs/RATING.md). Read through rating.calibration()."""

CALIBRATION_JSON = r"""
{
 "families": {
  "fives": {
   "levels": {
    "easy": {
     "ci95": [
      2.208,
      11.207
     ],
     "decisions": 21,
     "hands": 8,
     "rating": 6.708
    },
    "expert": {
     "ci95": [
      0.0,
      0.0
     ],
     "decisions": 14,
     "hands": 6,
     "rating": 0.0
    },
    "hard": {
     "ci95": [
      0.0,
      17.078
     ],
     "decisions": 20,
     "hands": 8,
     "rating": 6.57
    },
    "medium": {
     "ci95": [
      0.0,
      16.76
     ],
     "decisions": 21,
     "hands": 8,
     "rating": 6.993
    }
   },
   "preset": "all_fives"
  },
  "hands": {
   "levels": {
    "easy": {
     "ci95": [
      2.787,
      12.931
     ],
     "decisions": 31,
     "hands": 8,
     "rating": 7.859
    },
    "expert": {
     "ci95": [
      0.0,
      0.029
     ],
     "decisions": 29,
     "hands": 8,
     "rating": 0.01
    },
    "hard": {
     "ci95": [
      0.0,
      1.09
     ],
     "decisions": 34,
     "hands": 8,
     "rating": 0.448
    },
    "medium": {
     "ci95": [
      2.184,
      23.205
     ],
     "decisions": 28,
     "hands": 8,
     "rating": 12.694
    }
   },
   "preset": "jamaican"
  },
  "points": {
   "levels": {
    "easy": {
     "ci95": [
      11.084,
      30.923
     ],
     "decisions": 31,
     "hands": 8,
     "rating": 21.004
    },
    "expert": {
     "ci95": [
      0.0,
      0.614
     ],
     "decisions": 29,
     "hands": 8,
     "rating": 0.209
    },
    "hard": {
     "ci95": [
      0.0,
      11.168
     ],
     "decisions": 34,
     "hands": 8,
     "rating": 5.177
    },
    "medium": {
     "ci95": [
      7.851,
      23.389
     ],
     "decisions": 28,
     "hands": 8,
     "rating": 15.62
    }
   },
   "preset": "puerto_rican"
  }
 },
 "opposition": "medium"
}
"""
