"""The CPU levels' error rates per rating family (benchmarks/rating_calibration.py --write-table; docs/RATING.md). Read through rating.calibration()."""

CALIBRATION_JSON = r"""
{
 "families": {
  "fives": {
   "levels": {
    "easy": {
     "ci95": [
      8.895,
      12.852
     ],
     "decisions": 744,
     "hands": 300,
     "rating": 10.874
    },
    "expert": {
     "ci95": [
      0.106,
      0.305
     ],
     "decisions": 777,
     "hands": 288,
     "rating": 0.206
    },
    "hard": {
     "ci95": [
      1.383,
      2.383
     ],
     "decisions": 770,
     "hands": 288,
     "rating": 1.883
    },
    "medium": {
     "ci95": [
      2.842,
      4.943
     ],
     "decisions": 753,
     "hands": 288,
     "rating": 3.892
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
      0.771
     ],
     "decisions": 1123,
     "hands": 288,
     "rating": 0.604
    },
    "hard": {
     "ci95": [
      5.34,
      7.118
     ],
     "decisions": 1091,
     "hands": 288,
     "rating": 6.229
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
      0.556,
      1.046
     ],
     "decisions": 1106,
     "hands": 288,
     "rating": 0.801
    },
    "hard": {
     "ci95": [
      7.371,
      10.031
     ],
     "decisions": 1078,
     "hands": 288,
     "rating": 8.701
    },
    "medium": {
     "ci95": [
      15.403,
      19.574
     ],
     "decisions": 1059,
     "hands": 288,
     "rating": 17.488
    }
   },
   "preset": "puerto_rican"
  }
 },
 "opposition": "medium"
}
"""
