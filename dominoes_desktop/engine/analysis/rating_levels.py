"""The CPU levels' error rates per rating family (benchmarks/rating_calibration.py --write-table; docs/RATING.md). Read through rating.calibration()."""

CALIBRATION_JSON = r"""
{
 "families": {
  "fives": {
   "levels": {
    "easy": {
     "ci95": [
      9.141,
      12.073
     ],
     "decisions": 1274,
     "hands": 500,
     "rating": 10.607
    },
    "expert": {
     "ci95": [
      0.162,
      0.328
     ],
     "decisions": 1360,
     "hands": 500,
     "rating": 0.245
    },
    "hard": {
     "ci95": [
      1.437,
      2.106
     ],
     "decisions": 1356,
     "hands": 500,
     "rating": 1.771
    },
    "medium": {
     "ci95": [
      3.558,
      5.273
     ],
     "decisions": 1320,
     "hands": 500,
     "rating": 4.416
    }
   },
   "preset": "all_fives"
  },
  "hands": {
   "levels": {
    "easy": {
     "ci95": [
      12.685,
      15.021
     ],
     "decisions": 1796,
     "hands": 500,
     "rating": 13.853
    },
    "expert": {
     "ci95": [
      0.436,
      0.761
     ],
     "decisions": 1171,
     "hands": 300,
     "rating": 0.598
    },
    "hard": {
     "ci95": [
      5.26,
      6.984
     ],
     "decisions": 1139,
     "hands": 300,
     "rating": 6.122
    },
    "medium": {
     "ci95": [
      9.69,
      11.84
     ],
     "decisions": 1853,
     "hands": 500,
     "rating": 10.765
    }
   },
   "preset": "jamaican"
  },
  "points": {
   "levels": {
    "easy": {
     "ci95": [
      24.053,
      29.56
     ],
     "decisions": 1075,
     "hands": 300,
     "rating": 26.807
    },
    "expert": {
     "ci95": [
      0.598,
      1.09
     ],
     "decisions": 1154,
     "hands": 300,
     "rating": 0.844
    },
    "hard": {
     "ci95": [
      7.422,
      9.988
     ],
     "decisions": 1132,
     "hands": 300,
     "rating": 8.705
    },
    "medium": {
     "ci95": [
      15.696,
      19.831
     ],
     "decisions": 1103,
     "hands": 300,
     "rating": 17.763
    }
   },
   "preset": "puerto_rican"
  }
 },
 "opposition": "medium"
}
"""
