/* The compiled search core: the exact solver's alpha-beta search (solver.LineSolver) and the playout
 * kernel's hand loop (playout.Kernel), in C, move for move as the pure-Python code plays them.
 *
 * Both work on line games whose set has at most 64 tiles (one 64-bit mask per seat) and at most
 * MAX_PLAYERS seats; the solver also searches cross and spinner games, of sets up to double-12 (two words a
 * mask past 64 tiles: wide_search); core.py sends everything else to the pure path. Python decides everything about the
 * rules and hands the flags and tables over once (per solver, per kernel): this file holds no rule
 * that the tests do not compare with the pure path (tests/engine/test_search_core.py).
 *
 * The value a search returns is the same as the pure search's for every position; node counts may differ
 * (the transposition table here stops growing at its largest and then replaces, of the few slots where a new
 * position could go, the one whose search took the fewest nodes, instead of growing without end).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_MSC_VER)
#include <intrin.h>
#endif
#if PY_VERSION_HEX < 0x030C0000
#include <structmember.h>
#define Py_T_OBJECT_EX T_OBJECT_EX
#define Py_READONLY READONLY
#endif

#define MAX_PLAYERS 6
#define MAX_TILES 64
#define MAX_WIDE_TILES 128 /* cross and spinner games of bigger sets (double-12: 91 tiles): two words a mask */
#define MAX_NUMBERS 16
#define INFINITE_VALUE 1000000000
#define TILE_SEEN_SLOTS 512
#define TILE_SEEN_MOST 300

/* Inline everywhere: without a popcount instruction in the target, the builtin is a library call. */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static inline int lowest_bit(uint64_t x) { /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#elif defined(_MSC_VER)
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
#else
    int i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* How many bits x takes: 0 for 0. */
static inline int bit_length64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return x ? 64 - __builtin_clzll(x) : 0;
#elif defined(_MSC_VER)
    unsigned long index;
    return _BitScanReverse64(&index, x) ? (int)index + 1 : 0;
#else
    int bits = 0;
    for (; x; x >>= 1) bits++;
    return bits;
#endif
}

/* ---- reading Python values ------------------------------------------------------------------------ */

static int read_ints(PyObject *seq, int *out, Py_ssize_t most, Py_ssize_t *count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %zd", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long value = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)value;
    }
    if (count != NULL) *count = n;
    Py_DECREF(fast);
    return 0;
}

static int read_masks(PyObject *seq, uint64_t *out, Py_ssize_t most, Py_ssize_t *count, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %zd", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long value = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (uint64_t)value;
    }
    if (count != NULL) *count = n;
    Py_DECREF(fast);
    return 0;
}

/* Masks of up to 128 bits, each split into its low and high 64-bit words. */
static int read_wide_masks(PyObject *seq, uint64_t *lo, uint64_t *hi, Py_ssize_t most, Py_ssize_t *count,
                           const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %zd", what, n, most);
        return -1;
    }
    PyObject *sixty_four = PyLong_FromLong(64);
    if (sixty_four == NULL) {
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        /* The high word first: it refuses a negative mask or one past 128 bits (OverflowError). */
        PyObject *shifted = PyNumber_Rshift(item, sixty_four);
        unsigned long long high = shifted == NULL ? (unsigned long long)-1 : PyLong_AsUnsignedLongLong(shifted);
        Py_XDECREF(shifted);
        if (high == (unsigned long long)-1 && PyErr_Occurred()) goto fail;
        unsigned long long low = PyLong_AsUnsignedLongLongMask(item);
        if (low == (unsigned long long)-1 && PyErr_Occurred()) goto fail;
        lo[i] = (uint64_t)low;
        hi[i] = (uint64_t)high;
    }
    Py_DECREF(sixty_four);
    if (count != NULL) *count = n;
    Py_DECREF(fast);
    return 0;
fail:
    Py_DECREF(sixty_four);
    Py_DECREF(fast);
    return -1;
}

/* ---- rules codes (core.py's SCORING and BLOCKED) -------------------------------------------------- */

enum { SCORING_ONE_PER_HAND, SCORING_OPPONENTS_PIPS, SCORING_ALL_PIPS, SCORING_PORCH, SCORING_PORCH_FIVES };
enum { BLOCKED_LOWEST_PLAYER, BLOCKED_LOWEST_SIDE, BLOCKED_LOWEST_SIDE_STARTER_TIES };
enum { FLAG_EXACT, FLAG_LOWER, FLAG_UPPER };
enum { LAYOUT_LINE, LAYOUT_CROSS, LAYOUT_SPINNERS }; /* core.py's LAYOUT_CODES */
#define ARM_BITS 4      /* bits of one number's count of open ends in `ends` (at most 4 + 9 ends show one number) */
#define ARM_NUMBERS 10  /* numbers the cross and spinner key holds: 40 bits of ends */
#define WIDE_ARM_NUMBERS 13 /* numbers a wide search holds (double-12), see wide_search */
/* The line search's rank bonus for the killer move (solver.KILLER_RANK), added as the others are: less than a play
 * the next seat cannot follow gets (100), more than a follow-up (20) or any tile's weight (at most 50 + 2 * 9). */
#define KILLER_RANK 90

/* ==== the exact solver ============================================================================== */

typedef struct {
    uint64_t *slots;
    size_t capacity, count, max_capacity;
    size_t generation; /* how many times the table has grown (a slot pointer from before is stale) */
} Table;

typedef struct {
    PyObject_HEAD
    int n, players, sides, numbers;
    uint64_t suit[MAX_NUMBERS];
    uint64_t suit_hi[MAX_NUMBERS]; /* the high words of the suits, in a wide search */
    int wide; /* a cross or spinner search of a set past 64 tiles or 10 numbers: two words a mask (wide_search) */
    int pips[MAX_WIDE_TILES], high[MAX_WIDE_TILES], low[MAX_WIDE_TILES], dbl[MAX_WIDE_TILES], weight[MAX_WIDE_TILES];
    int sign[MAX_PLAYERS], team[MAX_PLAYERS];
    int stock[MAX_WIDE_TILES];
    int stock_len;
    uint64_t stock_rest[MAX_TILES + 1]; /* not kept in a wide search (it pays no key bone) */
    int draws, draws_again, keep_in_stock, counting, threes;
    int leader, scoring, blocked, capicua_bonus, key_bone_bonus, bonus;
    int layout, pose_end; /* LAYOUT_*; the pose's number (cross and spinner searches) */
    short pip_bytes[16][256]; /* pips of each byte of a mask, by byte position (8 on: a high word's) */
    uint64_t sleeping;
    long long nodes, budget;
    int aborted, busy;
    /* The transposition table: open addressing, linear probing. A slot is `stride` words: the key's
     * `key_len` words (the seats' hands, one word each or two in a wide search, then the small fields, the
     * last word with bit 63 set: 0 there is an empty slot), and the entry (the value's lower and upper bounds,
     * best move, and the bit length of the nodes its searches took). A key lies within PROBE_WINDOW slots of its
     * home. */
    Table table;
    size_t stride;
    int key_len;
    int pip_bound;                      /* whether pips_bound cuts (pips games without end points) */
    int bound_slack;                    /* what bonuses and porch-fives rounding may add to a side's pips */
    int stock_pips[MAX_WIDE_TILES + 1]; /* pips of the stock still to draw, from each draw position on */
    int hand_pips[MAX_PLAYERS]; /* the line search's hands: each seat's pips and the tiles in all, kept as it goes */
    int in_hands;
    int killer[MAX_TILES + 1]; /* the line search's last option to cut off with so many tiles left in the hands (-1) */
} LineSearch;

static size_t table_limit(size_t capacity) { return capacity / 10 * 6; }

/* A new, empty table (-1 when memory is short; no Python error set: the search runs without the GIL). */
static int table_alloc(const LineSearch *s, Table *t, size_t capacity) {
    uint64_t *slots = (uint64_t *)calloc(capacity * s->stride, sizeof(uint64_t));
    if (slots == NULL) return -1;
    free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    t->count = 0;
    return 0;
}

static inline uint64_t table_hash(const LineSearch *s, const uint64_t *key) {
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < s->key_len; i++) {
        x = (x ^ key[i]) * 0xBF58476D1CE4E5B9ULL;
        x ^= x >> 31;
    }
    x *= 0x94D049BB133111EBULL;
    return x ^ (x >> 29);
}

#define PROBE_WINDOW 4 /* the slots from its home a key may lie in (8: 0.993x the nodes, 1.06x the CPU) */


/* The slot holding this key (its hash `hash`), or the first empty slot of its window, or NULL when the window is
 * full. Entries are never taken away (only replaced in place, by table_store), so an empty slot ends the search. */
static inline uint64_t *table_find(const LineSearch *s, const Table *t, const uint64_t *key, uint64_t hash) {
    size_t mask = t->capacity - 1;
    size_t at = (size_t)hash & mask;
    const int last = s->key_len - 1;
    for (int k = 0; k < PROBE_WINDOW; k++) {
        uint64_t *slot = t->slots + at * s->stride;
        if (slot[last] == 0) return slot;
        if (slot[last] == key[last]) {
            int same = 1;
            for (int i = 0; i < last; i++) {
                if (slot[i] != key[i]) {
                    same = 0;
                    break;
                }
            }
            if (same) return slot;
        }
        at = (at + 1) & mask;
    }
    return NULL;
}

/* Ask for the memory of a key's home slot ahead of its probe. */
static inline void table_prefetch(const LineSearch *s, const Table *t, uint64_t hash) {
#if defined(__GNUC__) || defined(__clang__)
    const uint64_t *home = t->slots + ((size_t)hash & (t->capacity - 1)) * s->stride;
    __builtin_prefetch(home);
    __builtin_prefetch(home + s->stride * 2);
#else
    (void)s;
    (void)t;
    (void)hash;
#endif
}

/* The entry of a full window that took the fewest nodes to find (the cheapest to find again). */
static inline uint64_t *table_victim(const LineSearch *s, const Table *t, uint64_t hash) {
    size_t mask = t->capacity - 1;
    size_t at = (size_t)hash & mask;
    uint64_t *victim = NULL;
    uint64_t least = 0;
    for (int k = 0; k < PROBE_WINDOW; k++) {
        uint64_t *slot = t->slots + at * s->stride;
        uint64_t work = slot[s->key_len] >> 56;
        if (victim == NULL || work < least) {
            victim = slot;
            least = work;
        }
        at = (at + 1) & mask;
    }
    return victim;
}

/* Where a new key goes: an empty slot of its window, or in place of its window's least worked entry. */
static inline uint64_t *table_place(const LineSearch *s, Table *t, const uint64_t *key, uint64_t hash) {
    uint64_t *slot = table_find(s, t, key, hash);
    if (slot == NULL) return table_victim(s, t, hash);
    if (slot[s->key_len - 1] == 0) t->count++;
    return slot;
}

/* Grow the table to twice its size while under its largest (at its largest, or when memory is short, it stays
 * as it is: new entries replace the least worked ones). */
static void table_grow(const LineSearch *s, Table *t) {
    if (t->capacity >= t->max_capacity) return;
    uint64_t *old = t->slots;
    size_t old_capacity = t->capacity;
    t->slots = NULL;
    if (table_alloc(s, t, old_capacity * 2) < 0) {
        t->slots = old; /* memory is short: keep this one */
        t->capacity = old_capacity;
        t->max_capacity = old_capacity;
        return;
    }
    for (size_t i = 0; i < old_capacity; i++) {
        uint64_t *from = old + i * s->stride;
        if (from[s->key_len - 1] == 0) continue;
        memcpy(table_place(s, t, from, table_hash(s, from)), from, s->stride * sizeof(uint64_t));
    }
    free(old);
    t->generation++;
}

/* An entry's word: the value's lower and upper bounds (24 bits each, biased; BOUND_NONE_* where none is known),
 * the best move + 1 (8 bits) and the bit length of the nodes its searches took (the most of them). */
#define BOUND_BIAS (1 << 23)
#define BOUND_NONE_LOW (-BOUND_BIAS)
#define BOUND_NONE_HIGH (BOUND_BIAS - 1)
static inline int entry_lower(uint64_t entry) { return (int)(entry & 0xFFFFFF) - BOUND_BIAS; }
static inline int entry_upper(uint64_t entry) { return (int)((entry >> 24) & 0xFFFFFF) - BOUND_BIAS; }

/* `work`: how many nodes the search of this position took, as a bit length (what a full window keeps). `slot`:
 * what table_find gave at the node's probe, in table `generation`. While the table has not grown since, it still
 * answers where the key goes unless a descendant's store replaced it: the slots before it in the window held
 * other keys and still do (a position is never its own descendant), and a full window is still full. */
static inline void table_store(const LineSearch *s, Table *t, const uint64_t *key, uint64_t hash, uint64_t *slot,
                               size_t generation, int flag, int value, int move, long long work) {
    const int last = s->key_len - 1;
    int valid = generation == t->generation;
    if (valid && slot != NULL && slot[last] != 0 && memcmp(slot, key, (size_t)s->key_len * sizeof(uint64_t)) != 0) {
        valid = 0; /* a descendant's store took the slot */
    }
    if (!valid) slot = table_find(s, t, key, hash);
    int lower = flag == FLAG_UPPER ? BOUND_NONE_LOW : value, upper = flag == FLAG_LOWER ? BOUND_NONE_HIGH : value;
    uint64_t bits = work > 0 ? (uint64_t)bit_length64((uint64_t)work) : 0;
    if (slot == NULL || slot[last] == 0) {
        if (t->count + 1 > table_limit(t->capacity) && t->capacity < t->max_capacity) {
            table_grow(s, t);
            slot = table_place(s, t, key, hash);
        } else if (slot == NULL) {
            slot = table_victim(s, t, hash);
        } else {
            t->count++;
        }
        for (int i = 0; i < s->key_len; i++) slot[i] = key[i];
    } else {
        /* The same position searched again (MTD(f)'s next pass): both bounds hold, the narrower kept. */
        uint64_t entry = slot[s->key_len];
        int old_lower = entry_lower(entry), old_upper = entry_upper(entry);
        if (old_lower > lower) lower = old_lower;
        if (old_upper < upper) upper = old_upper;
        if ((entry >> 56) > bits) bits = entry >> 56;
    }
    if (lower < BOUND_NONE_LOW) lower = BOUND_NONE_LOW; /* past the entry's range: no bound (never seen in play) */
    if (upper > BOUND_NONE_HIGH) upper = BOUND_NONE_HIGH;
    slot[s->key_len] = (uint64_t)(lower + BOUND_BIAS) | ((uint64_t)(upper + BOUND_BIAS) << 24) |
                       ((uint64_t)(move + 1) << 48) | (bits << 56);
}

/* A position the table has seen: its best move as a hint (-1 when none), the window narrowed by its bounds.
 * Returns 1, with the value in *settled, when the stored bounds alone answer the search. */
static inline int table_probe(const uint64_t *slot, int key_len, int *alpha, int *beta, int *hint, int *settled) {
    *hint = -1;
    if (slot == NULL || slot[key_len - 1] == 0) return 0;
    uint64_t entry = slot[key_len];
    int lower = entry_lower(entry), upper = entry_upper(entry);
    *hint = (int)((entry >> 48) & 0xFF) - 1;
    if (lower >= *beta || lower == upper) {
        *settled = lower;
        return 1;
    }
    if (upper <= *alpha) {
        *settled = upper;
        return 1;
    }
    if (lower > *alpha) *alpha = lower;
    if (upper < *beta) *beta = upper;
    return 0;
}

/* Options keyed by their rank, best first: an insertion sort, as a node has only a handful. */
static inline void sort_largest_first(long long *keyed, int count) {
    for (int k = 1; k < count; k++) {
        long long item = keyed[k];
        int j = k - 1;
        while (j >= 0 && keyed[j] < item) {
            keyed[j + 1] = keyed[j];
            j--;
        }
        keyed[j + 1] = item;
    }
}

/* One option's value kept if it is the best so far for the side to move, the window narrowed; true on a cut-off.
 * The three searches (line, arms, wide arms) share it. */
static inline int keep_best(int maximising, int value, int option, int *best, int *best_move, int *alpha, int *beta) {
    if (maximising) {
        if (value > *best) {
            *best = value;
            *best_move = option;
            if (value > *alpha) *alpha = value;
        }
    } else if (value < *best) {
        *best = value;
        *best_move = option;
        if (value < *beta) *beta = value;
    }
    return *alpha >= *beta;
}

static inline int mask_pips(const LineSearch *s, uint64_t mask) {
    int total = 0;
    for (int b = 0; mask; b++, mask >>= 8) total += s->pip_bytes[b][mask & 255];
    return total;
}

/* The pips of a wide mask's high word (tiles 64 on). */
static inline int high_word_pips(const LineSearch *s, uint64_t mask) {
    int total = 0;
    for (int b = 8; mask; b++, mask >>= 8) total += s->pip_bytes[b][mask & 255];
    return total;
}

/* scoring.hand_points */
static int hand_points(const LineSearch *s, int blocked_end, int winner, const int *pips) {
    int total = 0, own = 0, totals[MAX_PLAYERS] = {0};
    switch (s->scoring) {
    case SCORING_ONE_PER_HAND:
        return 1;
    case SCORING_ALL_PIPS:
        for (int i = 0; i < s->players; i++) total += pips[i];
        return total;
    case SCORING_OPPONENTS_PIPS:
        for (int i = 0; i < s->players; i++) {
            if (s->team[i] != s->team[winner]) total += pips[i];
        }
        return total;
    default:
        for (int i = 0; i < s->players; i++) totals[s->team[i]] += pips[i];
        own = blocked_end ? totals[s->team[winner]] : 0;
        for (int side = 0; side < s->sides; side++) {
            if (side == s->team[winner]) continue;
            int amount = totals[side] - own;
            if (amount < 0) amount = 0;
            if (s->scoring == SCORING_PORCH_FIVES) amount = (amount + 2) / 5 * 5;
            total += amount;
        }
        return total;
    }
}

/* scoring._lightest_seat */
static int lightest_seat(const LineSearch *s, const int *pips, int side) {
    int best = -1;
    for (int i = 0; i < s->players; i++) {
        if (s->team[i] == side && (best < 0 || pips[i] < pips[best])) best = i;
    }
    return best;
}

/* scoring.blocked_winner: the seat, or -1 when nobody wins */
static int blocked_winner(const LineSearch *s, const int *pips) {
    if (s->blocked == BLOCKED_LOWEST_PLAYER) {
        int low = pips[0], first = -1;
        for (int i = 1; i < s->players; i++) {
            if (pips[i] < low) low = pips[i];
        }
        for (int i = 0; i < s->players; i++) {
            if (pips[i] != low) continue;
            if (first < 0) {
                first = i;
            } else if (s->team[i] != s->team[first]) {
                return -1;
            }
        }
        return first;
    }
    int totals[MAX_PLAYERS] = {0};
    for (int i = 0; i < s->players; i++) totals[s->team[i]] += pips[i];
    int low = totals[0], lowest = 0, only = 0;
    for (int side = 1; side < s->sides; side++) {
        if (totals[side] < low) low = totals[side];
    }
    for (int side = 0; side < s->sides; side++) {
        if (totals[side] == low) {
            lowest++;
            only = side;
        }
    }
    if (lowest == 1) return lightest_seat(s, pips, only);
    int poser_side = s->team[s->leader];
    if (s->blocked == BLOCKED_LOWEST_SIDE_STARTER_TIES && totals[poser_side] == low) {
        return lightest_seat(s, pips, poser_side);
    }
    return -1;
}

static int blocked_from_pips(const LineSearch *s, const int *pips) {
    int winner = blocked_winner(s, pips);
    if (winner < 0) return 0;
    return hand_points(s, 1, winner, pips) * s->sign[winner]; /* no bonus is won by a block */
}

static int blocked_value(const LineSearch *s, const uint64_t *hands) {
    int pips[MAX_PLAYERS];
    for (int i = 0; i < s->players; i++) pips[i] = mask_pips(s, hands[i]);
    return blocked_from_pips(s, pips);
}

/* Each seat's pips in a wide search's hands (two words a seat). */
static inline void wide_pips(const LineSearch *s, const uint64_t *hands, int *pips) {
    for (int i = 0; i < s->players; i++) pips[i] = mask_pips(s, hands[2 * i]) + high_word_pips(s, hands[2 * i + 1]);
}

static int wide_blocked_value(const LineSearch *s, const uint64_t *hands) {
    int pips[MAX_PLAYERS];
    wide_pips(s, hands, pips);
    return blocked_from_pips(s, pips);
}

/* What the domino `index` of `seat` (joined to `joined`, the ends `before_left`, `before_right` before
 * it) is worth; `hands` are the hands after it. */
static int pips_domino_value(const LineSearch *s, const uint64_t *hands, const int *pips, int seat, int index,
                             int joined, int before_left, int before_right, int stock_at) {
    int won = hand_points(s, 0, seat, pips);
    if (s->bonus) {
        /* scoring.is_capicua: a non-double that fitted both of two different open ends */
        if (s->capicua_bonus && !s->dbl[index] && before_left != before_right &&
            ((s->high[index] == before_left && s->low[index] == before_right) ||
             (s->high[index] == before_right && s->low[index] == before_left))) {
            won += s->capicua_bonus;
        }
        /* scoring.is_key_bone: no tile with the joined number left in a hand, the stock or asleep */
        if (s->key_bone_bonus) {
            uint64_t held = 0;
            for (int i = 0; i < s->players; i++) held |= hands[i];
            if (!(s->suit[joined] & (held | s->sleeping | s->stock_rest[stock_at]))) won += s->key_bone_bonus;
        }
    }
    return won * s->sign[seat];
}

static int domino_value(const LineSearch *s, const uint64_t *hands, int seat, int index, int joined, int before_left,
                        int before_right, int stock_at) {
    int pips[MAX_PLAYERS];
    for (int i = 0; i < s->players; i++) pips[i] = mask_pips(s, hands[i]);
    return pips_domino_value(s, hands, pips, seat, index, joined, before_left, before_right, stock_at);
}

static inline int end_gain(const LineSearch *s, int left, int ld, int right, int rd, int sign) {
    int total = (ld ? left * 2 : left) + (rd ? right * 2 : right);
    if (total && (total % 5 == 0 || (s->threes && total % 3 == 0))) return sign * total;
    return 0;
}

/* The pip-count bound: the value to come lies within [*lower, *upper]. No end points are made (pip_bound), so a
 * hand's value is what its winner takes, never more than the pips of the other sides' seats (all of them in an
 * all-pips game) at its end, and those are at most what they hold now and what the stock still holds, plus
 * bonuses and rounding (bound_slack). A null-window search whose window lies outside is settled at once. */
static inline void pips_bound(const LineSearch *s, const int *pips, int stock_at, int *lower, int *upper) {
    int totals[MAX_PLAYERS] = {0};
    int all = 0, mine = -1;
    for (int i = 0; i < s->players; i++) {
        totals[s->team[i]] += pips[i];
        all += pips[i];
        if (s->sign[i] > 0) mine = s->team[i];
    }
    int more = s->stock_pips[stock_at] + s->bound_slack;
    if (s->scoring == SCORING_ALL_PIPS) {
        *upper = all + more;
        *lower = -(all + more);
        return;
    }
    /* The deciding side takes at most the others' pips; another side X takes at most all but its own. */
    int least_other = -1;
    for (int side = 0; side < s->sides; side++) {
        if (side != mine && (least_other < 0 || totals[side] < least_other)) least_other = totals[side];
    }
    *upper = all - (mine >= 0 ? totals[mine] : 0) + more;
    *lower = -(all - (least_other > 0 ? least_other : 0) + more);
}

/* solver.LineSolver._make_search's `search`, the same node for node but for the table. The forced steps (a draw, a
 * pass, the one play a seat has) are walked in a loop, each counted as the node it is, rather than by a call
 * each: two nodes in three are forced in Cuban's opening searches. The tiles they move are put back at the end. */
static int expand(LineSearch *s, uint64_t *hands, int stock_at, int turn, int left, int ld, int right, int rd,
                  int alpha, int beta, uint64_t mine, int nxt, const int *options, int count, int single);

static int search(LineSearch *s, uint64_t *hands, int stock_at, int turn, int left, int ld, int right, int rd, int alpha,
                  int beta) {
    const int n_players = s->players;
    int moved_seat[2 * MAX_TILES + 2]; /* the forced draws and plays walked: each flips one tile of one hand */
    int moved_tile[2 * MAX_TILES + 2];
    int moved = 0, gained_on_way = 0, value;
    uint64_t mine;
    int nxt, count, single;
    int options[2 * MAX_NUMBERS]; /* a number's suit holds at most one tile per number: small frames */
    for (;;) {
        if (++s->nodes > s->budget) {
            s->aborted = 1;
            value = 0;
            goto done;
        }
        mine = hands[turn];
        nxt = turn + 1 < n_players ? turn + 1 : 0;
        uint64_t on_left = mine & s->suit[left];
        uint64_t on_right = (left != right || (s->counting && ld != rd)) ? mine & s->suit[right] : 0;
        if (!(on_left | on_right)) {
            if (s->draws && s->stock_len - stock_at > s->keep_in_stock) {
                int tile = s->stock[stock_at];
                hands[turn] |= (uint64_t)1 << tile;
                s->hand_pips[turn] += s->pips[tile];
                s->in_hands++;
                moved_seat[moved] = turn;
                moved_tile[moved++] = tile;
                stock_at++;
                if (!s->draws_again) turn = nxt;
                continue;
            }
            uint64_t fitting = s->suit[left] | s->suit[right];
            int any = 0;
            for (int i = 0; i < n_players; i++) {
                if (hands[i] & fitting) {
                    any = 1;
                    break;
                }
            }
            if (!any) {
                value = blocked_from_pips(s, s->hand_pips);
                goto done;
            }
            turn = nxt; /* a pass */
            continue;
        }
        count = 0;
        for (uint64_t pool = on_left; pool; pool &= pool - 1) options[count++] = lowest_bit(pool) * 2 + 1;
        for (uint64_t pool = on_right; pool; pool &= pool - 1) options[count++] = lowest_bit(pool) * 2;
        single = !(mine & (mine - 1)); /* one tile left: whatever it plays is a domino */
        if (count > 1) break;
        int option = options[0], i = option >> 1;
        int new_left = left, new_ld = ld, new_right = right, new_rd = rd, joined;
        if (option & 1) {
            new_left = s->pips[i] - left;
            new_ld = s->dbl[i];
            joined = left;
        } else {
            new_right = s->pips[i] - right;
            new_rd = s->dbl[i];
            joined = right;
        }
        int gained = s->counting ? end_gain(s, new_left, new_ld, new_right, new_rd, s->sign[turn]) : 0;
        hands[turn] ^= (uint64_t)1 << i;
        s->hand_pips[turn] -= s->pips[i];
        s->in_hands--;
        moved_seat[moved] = turn;
        moved_tile[moved++] = i;
        gained_on_way += gained;
        if (single) {
            value = pips_domino_value(s, hands, s->hand_pips, turn, i, joined, left, right, stock_at);
            goto done;
        }
        alpha -= gained;
        beta -= gained;
        turn = nxt;
        left = new_left;
        ld = new_ld;
        right = new_right;
        rd = new_rd;
    }
    value = expand(s, hands, stock_at, turn, left, ld, right, rd, alpha, beta, mine, nxt, options, count, single);
done:
    while (moved > 0) {
        moved--;
        int seat = moved_seat[moved], tile = moved_tile[moved];
        uint64_t bit = (uint64_t)1 << tile;
        if (hands[seat] & bit) { /* a draw */
            s->hand_pips[seat] -= s->pips[tile];
            s->in_hands--;
        } else {
            s->hand_pips[seat] += s->pips[tile];
            s->in_hands++;
        }
        hands[seat] ^= bit;
    }
    if (s->aborted) return 0;
    return gained_on_way + value;
}

/* A node of the line search with two options or more (search's forced steps walked). */
static int expand(LineSearch *s, uint64_t *hands, int stock_at, int turn, int left, int ld, int right, int rd,
                  int alpha, int beta, uint64_t mine, int nxt, const int *options, int count, int single) {
    const int n_players = s->players;
    /* A double at an end matters only where the ends score: elsewhere the two positions share one entry. */
    int end_a = left * 2 + (s->counting && ld), end_b = right * 2 + (s->counting && rd);
    if (end_a > end_b) {
        int swap = end_a;
        end_a = end_b;
        end_b = swap;
    }
    const int left_in_hands = s->in_hands;
    Table *table = &s->table;
    uint64_t key[MAX_PLAYERS + 1]; /* the hands, then the small fields */
    for (int i = 0; i < n_players; i++) key[i] = hands[i];
    key[n_players] = ((((uint64_t)stock_at * 8 + (uint64_t)turn) * 32 + (uint64_t)end_a) * 32 + (uint64_t)end_b) |
                     ((uint64_t)1 << 63);
    const uint64_t hash = table_hash(s, key);
    table_prefetch(s, table, hash); /* the probe's memory on its way while the pip bound is tested */
    if (s->pip_bound) {
        int lower, upper;
        pips_bound(s, s->hand_pips, stock_at, &lower, &upper);
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
    }
    const size_t generation = table->generation;
    uint64_t *slot = table_find(s, table, key, hash);
    int hint, settled;
    if (table_probe(slot, s->key_len, &alpha, &beta, &hint, &settled)) return settled;
    const long long nodes_before = s->nodes;
    int alpha0 = alpha, beta0 = beta;
    int sign = s->sign[turn];
    /* Move ordering as the pure search's: the table's best move, plays the next seat cannot follow, the last
     * play that cut off with as many tiles left in the hands (a killer move: a sibling position's refutation),
     * doubles, plays that leave a follow-up, the heaviest tiles. */
    uint64_t next_mine = hands[nxt];
    long long keyed[2 * MAX_NUMBERS];
    int *killer = &s->killer[left_in_hands];
    for (int k = 0; k < count; k++) {
        int option = options[k], i = option >> 1;
        uint64_t ends = (option & 1) ? (s->suit[s->pips[i] - left] | s->suit[right])
                                     : (s->suit[left] | s->suit[s->pips[i] - right]);
        long long rank = (next_mine & ends) ? s->weight[i] : s->weight[i] + 100;
        if (mine & ends & ~((uint64_t)1 << i)) rank += 20;
        if (option == hint) {
            rank += 1000000;
        } else if (option == *killer) {
            rank += KILLER_RANK;
        }
        keyed[k] = rank << 8 | option;
    }
    sort_largest_first(keyed, count);
    int maximising = sign > 0;
    int best = maximising ? -INFINITE_VALUE : INFINITE_VALUE;
    int best_move = -1;
    for (int k = 0; k < count; k++) {
        int option = (int)(keyed[k] & 255), i = option >> 1;
        int new_left = left, new_ld = ld, new_right = right, new_rd = rd, joined;
        if (option & 1) {
            new_left = s->pips[i] - left;
            new_ld = s->dbl[i];
            joined = left;
        } else {
            new_right = s->pips[i] - right;
            new_rd = s->dbl[i];
            joined = right;
        }
        int gained = s->counting ? end_gain(s, new_left, new_ld, new_right, new_rd, sign) : 0;
        uint64_t bit = (uint64_t)1 << i;
        hands[turn] ^= bit;
        s->hand_pips[turn] -= s->pips[i];
        s->in_hands--;
        int value;
        if (single) {
            value = gained + pips_domino_value(s, hands, s->hand_pips, turn, i, joined, left, right, stock_at);
        } else {
            value = gained + search(s, hands, stock_at, nxt, new_left, new_ld, new_right, new_rd, alpha - gained,
                                    beta - gained);
        }
        hands[turn] ^= bit;
        s->hand_pips[turn] += s->pips[i];
        s->in_hands++;
        if (s->aborted) return 0;
        if (keep_best(maximising, value, option, &best, &best_move, &alpha, &beta)) {
            *killer = option;
            break;
        }
    }
    int flag = best <= alpha0 ? FLAG_UPPER : best >= beta0 ? FLAG_LOWER : FLAG_EXACT;
    table_store(s, table, key, hash, slot, generation, flag, best, best_move, s->nodes - nodes_before);
    return best;
}

/* ==== cross and spinner layouts (solver.ArmsSolver's pure search, the same values) =====================
 * With no end points and no bonus, a layout is worth only how many open ends show each number (`ends`, 4 bits a
 * number) and, while the pose's four arms are started, how many are still bare (`unstarted`: only they take
 * tiles, each showing the pose's number). */

static inline uint64_t arms_fit(const LineSearch *s, uint64_t ends, int unstarted) {
    if (unstarted) return s->suit[s->pose_end];
    uint64_t fit = 0;
    for (int v = 0; v < s->numbers; v++) {
        if ((ends >> (ARM_BITS * v)) & 15) fit |= s->suit[v];
    }
    return fit;
}

/* The ends once tile i is joined to `joined`. */
static inline uint64_t arms_after(const LineSearch *s, uint64_t ends, int unstarted, int i, int joined) {
    ends += (uint64_t)1 << (ARM_BITS * (s->pips[i] - joined));
    if (!unstarted) ends -= (uint64_t)1 << (ARM_BITS * joined);
    if (s->layout == LAYOUT_SPINNERS && s->dbl[i]) ends += (uint64_t)2 << (ARM_BITS * joined);
    return ends;
}

/* The options of the tiles in `pool` (tile indices from `first`), as codes after the `count` already in
 * `options`: tile index * 2 + 1 joined by its high number, + 0 by its low one; the new count. While the pose's
 * arms are bare a tile joins the pose's number. The one- and two-word arms searches share it. */
static inline int arm_options(const LineSearch *s, uint64_t pool, int first, uint64_t ends, int unstarted,
                              int *options, int count) {
    for (; pool; pool &= pool - 1) {
        int i = lowest_bit(pool) + first, h = s->high[i], lo = s->low[i];
        if (unstarted) {
            options[count++] = i * 2 + (h == s->pose_end ? 1 : 0);
            continue;
        }
        if ((ends >> (ARM_BITS * h)) & 15) options[count++] = i * 2 + 1;
        if (lo != h && ((ends >> (ARM_BITS * lo)) & 15)) options[count++] = i * 2;
    }
    return count;
}

static int arms_search(LineSearch *s, uint64_t *hands, int stock_at, int turn, uint64_t ends, int unstarted, int alpha,
                       int beta) {
    if (++s->nodes > s->budget) {
        s->aborted = 1;
        return 0;
    }
    const int n_players = s->players;
    uint64_t mine = hands[turn];
    int nxt = turn + 1 < n_players ? turn + 1 : 0;
    uint64_t fit = arms_fit(s, ends, unstarted);
    uint64_t playable = mine & fit;
    if (!playable) {
        if (s->draws && s->stock_len - stock_at > s->keep_in_stock) {
            uint64_t drawn = (uint64_t)1 << s->stock[stock_at];
            hands[turn] |= drawn;
            int following = s->draws_again ? turn : nxt;
            int value = arms_search(s, hands, stock_at + 1, following, ends, unstarted, alpha, beta);
            hands[turn] &= ~drawn;
            return value;
        }
        int any = 0;
        for (int i = 0; i < n_players; i++) {
            if (hands[i] & fit) {
                any = 1;
                break;
            }
        }
        if (!any) return blocked_value(s, hands);
        return arms_search(s, hands, stock_at, nxt, ends, unstarted, alpha, beta);
    }
    /* Options as codes: tile index * 2 + 1 joined by its high number, + 0 by its low one. */
    int options[2 * MAX_TILES];
    int count = arm_options(s, playable, 0, ends, unstarted, options, 0);
    int single = !(mine & (mine - 1)); /* one tile left: whatever it plays is a domino */
    int left_bare = unstarted ? unstarted - 1 : 0;
    if (count == 1) {
        int option = options[0], i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        uint64_t bit = (uint64_t)1 << i;
        hands[turn] ^= bit;
        int value;
        if (single) {
            value = domino_value(s, hands, turn, i, joined, joined, joined, stock_at);
        } else {
            value = arms_search(s, hands, stock_at, nxt, arms_after(s, ends, unstarted, i, joined), left_bare, alpha,
                                beta);
        }
        hands[turn] ^= bit;
        return value;
    }
    if (s->pip_bound) {
        int pips[MAX_PLAYERS], lower, upper;
        for (int i = 0; i < n_players; i++) pips[i] = mask_pips(s, hands[i]);
        pips_bound(s, pips, stock_at, &lower, &upper);
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
    }
    uint64_t key[MAX_PLAYERS + 1]; /* the hands, then the small fields */
    memcpy(key, hands, (size_t)n_players * sizeof(uint64_t));
    key[n_players] = ends | ((uint64_t)stock_at << 40) | ((uint64_t)turn << 46) | ((uint64_t)unstarted << 49) |
                     ((uint64_t)(unstarted ? s->pose_end : 0) << 52) | ((uint64_t)1 << 63);
    const uint64_t hash = table_hash(s, key);
    const size_t generation = s->table.generation;
    uint64_t *slot = table_find(s, &s->table, key, hash);
    int hint, settled;
    if (table_probe(slot, s->key_len, &alpha, &beta, &hint, &settled)) return settled;
    const long long nodes_before = s->nodes;
    int alpha0 = alpha, beta0 = beta;
    int sign = s->sign[turn];
    /* The pure search's order: the table's best move, plays the next seat cannot follow, doubles, plays that
     * leave a follow-up, the heaviest tiles. */
    uint64_t next_mine = hands[nxt];
    long long keyed[2 * MAX_TILES];
    for (int k = 0; k < count; k++) {
        int option = options[k], i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        uint64_t fit_after = arms_fit(s, arms_after(s, ends, unstarted, i, joined), left_bare);
        long long rank = (next_mine & fit_after) ? s->weight[i] : s->weight[i] + 100;
        if (mine & fit_after & ~((uint64_t)1 << i)) rank += 20;
        if (option == hint) rank += 1000000;
        keyed[k] = rank << 16 | option;
    }
    sort_largest_first(keyed, count);
    int maximising = sign > 0;
    int best = maximising ? -INFINITE_VALUE : INFINITE_VALUE;
    int best_move = -1;
    for (int k = 0; k < count; k++) {
        int option = (int)(keyed[k] & 0xFFFF), i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        uint64_t bit = (uint64_t)1 << i;
        hands[turn] ^= bit;
        int value;
        if (single) {
            value = domino_value(s, hands, turn, i, joined, joined, joined, stock_at);
        } else {
            value = arms_search(s, hands, stock_at, nxt, arms_after(s, ends, unstarted, i, joined), left_bare, alpha,
                                beta);
        }
        hands[turn] ^= bit;
        if (s->aborted) return 0;
        if (keep_best(maximising, value, option, &best, &best_move, &alpha, &beta)) break;
    }
    int flag = best <= alpha0 ? FLAG_UPPER : best >= beta0 ? FLAG_LOWER : FLAG_EXACT;
    table_store(s, &s->table, key, hash, slot, generation, flag, best, best_move, s->nodes - nodes_before);
    return best;
}

/* ==== wide cross and spinner searches (double-12: 91 tiles) ==========================================
 * arms_search's search, node for node, over masks of two words (a seat's hand is hands[2 * seat] for tiles
 * 0-63 and hands[2 * seat + 1] for 64 on); the key is the hands' words, the ends (4 bits a number, up to 16
 * numbers) and a word of stock drawn, turn, bare arms and the pose's number.
 *
 * A count of open ends is kept at most 15. It is exact: a number v shows on at most 4 + (numbers - 1) ends
 * (the pose v-v's four, then one a v-w tile joined by its w, while no v end is covered), 16 in double-12
 * only when every tile with v lies on the table; from then on nothing is joined to v and no hand holds a v,
 * so 15 and 16 ends of v fit the same tiles and lead to the same values (core.py holds such searches to 13
 * numbers). */

#define WIDE_COUNT_MOST 15

static inline void wide_fit(const LineSearch *s, uint64_t ends, int unstarted, uint64_t *lo, uint64_t *hi) {
    if (unstarted) {
        *lo = s->suit[s->pose_end];
        *hi = s->suit_hi[s->pose_end];
        return;
    }
    uint64_t a = 0, b = 0;
    for (int v = 0; v < s->numbers; v++) {
        if ((ends >> (ARM_BITS * v)) & 15) {
            a |= s->suit[v];
            b |= s->suit_hi[v];
        }
    }
    *lo = a;
    *hi = b;
}

/* Adds `more` ends showing `number`, kept at most WIDE_COUNT_MOST (see above). */
static inline uint64_t wide_add_ends(uint64_t ends, int number, uint64_t more) {
    int shift = ARM_BITS * number;
    uint64_t count = ((ends >> shift) & 15) + more;
    if (count > WIDE_COUNT_MOST) count = WIDE_COUNT_MOST;
    return (ends & ~((uint64_t)15 << shift)) | count << shift;
}

/* arms_after: the joined end taken away first, so that a kept-at-most count is never taken from. */
static inline uint64_t wide_after(const LineSearch *s, uint64_t ends, int unstarted, int i, int joined) {
    if (!unstarted) ends -= (uint64_t)1 << (ARM_BITS * joined);
    ends = wide_add_ends(ends, s->pips[i] - joined, 1);
    if (s->layout == LAYOUT_SPINNERS && s->dbl[i]) ends = wide_add_ends(ends, joined, 2);
    return ends;
}

static inline void wide_flip(uint64_t *hands, int seat, int i) {
    hands[2 * seat + (i >> 6)] ^= (uint64_t)1 << (i & 63);
}

static int wide_search(LineSearch *s, uint64_t *hands, int stock_at, int turn, uint64_t ends, int unstarted,
                       int alpha, int beta) {
    if (++s->nodes > s->budget) {
        s->aborted = 1;
        return 0;
    }
    const int n_players = s->players;
    uint64_t mine_lo = hands[2 * turn], mine_hi = hands[2 * turn + 1];
    int nxt = turn + 1 < n_players ? turn + 1 : 0;
    uint64_t fit_lo, fit_hi;
    wide_fit(s, ends, unstarted, &fit_lo, &fit_hi);
    uint64_t playable_lo = mine_lo & fit_lo, playable_hi = mine_hi & fit_hi;
    if (!(playable_lo | playable_hi)) {
        if (s->draws && s->stock_len - stock_at > s->keep_in_stock) {
            int drawn = s->stock[stock_at];
            wide_flip(hands, turn, drawn);
            int following = s->draws_again ? turn : nxt;
            int value = wide_search(s, hands, stock_at + 1, following, ends, unstarted, alpha, beta);
            wide_flip(hands, turn, drawn);
            return value;
        }
        int any = 0;
        for (int i = 0; i < n_players; i++) {
            if ((hands[2 * i] & fit_lo) | (hands[2 * i + 1] & fit_hi)) {
                any = 1;
                break;
            }
        }
        if (!any) return wide_blocked_value(s, hands);
        return wide_search(s, hands, stock_at, nxt, ends, unstarted, alpha, beta);
    }
    /* Options as codes: tile index * 2 + 1 joined by its high number, + 0 by its low one. */
    int options[2 * MAX_WIDE_TILES];
    int count = arm_options(s, playable_lo, 0, ends, unstarted, options, 0);
    count = arm_options(s, playable_hi, 64, ends, unstarted, options, count);
    /* one tile left: whatever it plays is a domino */
    int single = mine_lo ? !(mine_lo & (mine_lo - 1)) && !mine_hi : !(mine_hi & (mine_hi - 1));
    int left_bare = unstarted ? unstarted - 1 : 0;
    if (count == 1) {
        int option = options[0], i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        wide_flip(hands, turn, i);
        int value;
        if (single) {
            int pips[MAX_PLAYERS];
            wide_pips(s, hands, pips);
            value = hand_points(s, 0, turn, pips) * s->sign[turn]; /* no bonus in a mask cross game */
        } else {
            value = wide_search(s, hands, stock_at, nxt, wide_after(s, ends, unstarted, i, joined), left_bare, alpha,
                                beta);
        }
        wide_flip(hands, turn, i);
        return value;
    }
    if (s->pip_bound) {
        int pips[MAX_PLAYERS], lower, upper;
        wide_pips(s, hands, pips);
        pips_bound(s, pips, stock_at, &lower, &upper);
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
    }
    uint64_t key[2 * MAX_PLAYERS + 2]; /* the hands' words, the ends, the other small fields */
    memcpy(key, hands, (size_t)(2 * n_players) * sizeof(uint64_t));
    key[2 * n_players] = ends;
    key[2 * n_players + 1] = (uint64_t)stock_at | ((uint64_t)turn << 8) | ((uint64_t)unstarted << 12) |
                             ((uint64_t)(unstarted ? s->pose_end : 0) << 16) | ((uint64_t)1 << 63);
    const uint64_t hash = table_hash(s, key);
    const size_t generation = s->table.generation;
    uint64_t *slot = table_find(s, &s->table, key, hash);
    int hint, settled;
    if (table_probe(slot, s->key_len, &alpha, &beta, &hint, &settled)) return settled;
    const long long nodes_before = s->nodes;
    int alpha0 = alpha, beta0 = beta;
    int sign = s->sign[turn];
    /* arms_search's order: the table's best move, plays the next seat cannot follow, doubles, plays that leave
     * a follow-up, the heaviest tiles. */
    uint64_t next_lo = hands[2 * nxt], next_hi = hands[2 * nxt + 1];
    long long keyed[2 * MAX_WIDE_TILES];
    for (int k = 0; k < count; k++) {
        int option = options[k], i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        uint64_t after_lo, after_hi;
        wide_fit(s, wide_after(s, ends, unstarted, i, joined), left_bare, &after_lo, &after_hi);
        long long rank = ((next_lo & after_lo) | (next_hi & after_hi)) ? s->weight[i] : s->weight[i] + 100;
        uint64_t own_lo = mine_lo & after_lo, own_hi = mine_hi & after_hi;
        if (i < 64) {
            own_lo &= ~((uint64_t)1 << i);
        } else {
            own_hi &= ~((uint64_t)1 << (i - 64));
        }
        if (own_lo | own_hi) rank += 20;
        if (option == hint) rank += 1000000;
        keyed[k] = rank << 16 | option;
    }
    sort_largest_first(keyed, count);
    int maximising = sign > 0;
    int best = maximising ? -INFINITE_VALUE : INFINITE_VALUE;
    int best_move = -1;
    for (int k = 0; k < count; k++) {
        int option = (int)(keyed[k] & 0xFFFF), i = option >> 1;
        int joined = (option & 1) ? s->high[i] : s->low[i];
        wide_flip(hands, turn, i);
        int value;
        if (single) {
            int pips[MAX_PLAYERS];
            wide_pips(s, hands, pips);
            value = hand_points(s, 0, turn, pips) * s->sign[turn];
        } else {
            value = wide_search(s, hands, stock_at, nxt, wide_after(s, ends, unstarted, i, joined), left_bare, alpha,
                                beta);
        }
        wide_flip(hands, turn, i);
        if (s->aborted) return 0;
        if (keep_best(maximising, value, option, &best, &best_move, &alpha, &beta)) break;
    }
    int flag = best <= alpha0 ? FLAG_UPPER : best >= beta0 ? FLAG_LOWER : FLAG_EXACT;
    table_store(s, &s->table, key, hash, slot, generation, flag, best, best_move, s->nodes - nodes_before);
    return best;
}

static void LineSearch_dealloc(LineSearch *self) {
    free(self->table.slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* LineSearch(n, players, teams, signs, suit, high, low, stock, draws, draws_again, keep_in_stock, counting,
 *            threes, leader, scoring, blocked, capicua_bonus, key_bone_bonus, max_entries[, layout]) */
static int LineSearch_init(LineSearch *self, PyObject *args, PyObject *kwds) {
    PyObject *teams, *signs, *suit, *high, *low, *stock;
    int n, players;
    long long max_entries;
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "LineSearch takes no keyword arguments");
        return -1;
    }
    self->layout = LAYOUT_LINE;
    if (!PyArg_ParseTuple(args, "iiOOOOOOppippiiiiiL|i", &n, &players, &teams, &signs, &suit, &high, &low, &stock,
                          &self->draws, &self->draws_again, &self->keep_in_stock, &self->counting, &self->threes,
                          &self->leader, &self->scoring, &self->blocked, &self->capicua_bonus, &self->key_bone_bonus,
                          &max_entries, &self->layout)) {
        return -1;
    }
    if (self->layout < LAYOUT_LINE || self->layout > LAYOUT_SPINNERS) {
        PyErr_SetString(PyExc_ValueError, "LineSearch: unknown layout");
        return -1;
    }
    /* Line games hold one word a hand; cross and spinner games of bigger sets two (wide_search). */
    int most_tiles = self->layout == LAYOUT_LINE ? MAX_TILES : MAX_WIDE_TILES;
    if (n < 1 || n > most_tiles || players < 2 || players > MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "LineSearch: %d tiles and %d players is beyond the compiled core", n, players);
        return -1;
    }
    self->n = n;
    self->players = players;
    Py_ssize_t count;
    if (read_ints(teams, self->team, players, &count, "teams") < 0) return -1;
    if (read_ints(signs, self->sign, players, NULL, "signs") < 0) return -1;
    if (read_wide_masks(suit, self->suit, self->suit_hi, MAX_NUMBERS, &count, "suit") < 0) return -1;
    self->numbers = (int)count;
    self->wide = self->layout != LAYOUT_LINE && (n > MAX_TILES || self->numbers > ARM_NUMBERS);
    for (int v = 0; v < self->numbers; v++) {
        uint64_t beyond = n >= 128 ? 0 : n >= 64 ? self->suit_hi[v] >> (n - 64) : self->suit_hi[v] | self->suit[v] >> n;
        if (beyond) {
            PyErr_SetString(PyExc_ValueError, "LineSearch: a suit outside the set");
            return -1;
        }
    }
    if (read_ints(high, self->high, n, NULL, "high") < 0) return -1;
    if (read_ints(low, self->low, n, NULL, "low") < 0) return -1;
    /* at most the set (n is checked against its limit above): stock_rest keeps MAX_TILES + 1 of a line search */
    if (read_ints(stock, self->stock, n, &count, "stock") < 0) return -1;
    self->stock_len = (int)count;
    self->sides = 0;
    for (int i = 0; i < players; i++) {
        if (self->team[i] < 0 || self->team[i] >= players || (self->sign[i] != 1 && self->sign[i] != -1)) {
            PyErr_SetString(PyExc_ValueError, "LineSearch: a seat of no side");
            return -1;
        }
        if (self->team[i] + 1 > self->sides) self->sides = self->team[i] + 1;
    }
    for (int at = 0; at < self->stock_len; at++) {
        if (self->stock[at] < 0 || self->stock[at] >= n) {
            PyErr_SetString(PyExc_ValueError, "LineSearch: a stock tile outside the set");
            return -1;
        }
        /* Each tile drawn once at most: the forced steps' undo list holds a draw and a play a tile. */
        for (int before = 0; before < at; before++) {
            if (self->stock[before] == self->stock[at]) {
                PyErr_SetString(PyExc_ValueError, "LineSearch: a stock tile listed twice");
                return -1;
            }
        }
    }
    if (self->scoring < SCORING_ONE_PER_HAND || self->scoring > SCORING_PORCH_FIVES ||
        self->blocked < BLOCKED_LOWEST_PLAYER || self->blocked > BLOCKED_LOWEST_SIDE_STARTER_TIES || self->leader < 0 ||
        self->leader >= players) {
        PyErr_SetString(PyExc_ValueError, "LineSearch: unknown rules");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (self->high[i] < 0 || self->high[i] >= self->numbers || self->low[i] < 0 || self->low[i] >= self->numbers) {
            PyErr_SetString(PyExc_ValueError, "LineSearch: a tile outside the set");
            return -1;
        }
        self->pips[i] = self->high[i] + self->low[i];
        self->dbl[i] = self->high[i] == self->low[i];
        self->weight[i] = self->pips[i] + (self->dbl[i] ? 50 : 0);
    }
    if (n <= MAX_TILES) {
        self->stock_rest[self->stock_len] = 0;
        for (int at = self->stock_len - 1; at >= 0; at--) {
            self->stock_rest[at] = self->stock_rest[at + 1] | (uint64_t)1 << self->stock[at];
        }
    }
    for (int b = 0; b * 8 < n; b++) { /* the bytes past the set's stay 0 (a new object is zeroed) */
        for (int value = 0; value < 256; value++) {
            int total = 0;
            for (int j = 0; j < 8; j++) {
                int i = b * 8 + j;
                if ((value >> j & 1) && i < n) total += self->pips[i];
            }
            self->pip_bytes[b][value] = (short)total;
        }
    }
    self->bonus = self->capicua_bonus || self->key_bone_bonus;
    /* The cross and spinner key: 4 bits of ends a number, 6 of stock drawn (a word of its own in a wide
     * search); no end points nor bonus to keep. A wide search keeps its counts at most 15, exact up to 13
     * numbers (see wide_search). */
    if (self->layout != LAYOUT_LINE &&
        (self->numbers > (self->wide ? WIDE_ARM_NUMBERS : ARM_NUMBERS) || (!self->wide && self->stock_len > 63) ||
         self->counting || self->bonus)) {
        PyErr_SetString(PyExc_ValueError, "LineSearch: a cross or spinner game beyond the compiled core");
        return -1;
    }
    self->key_len = self->wide ? 2 * players + 2 : players + 1;
    self->pip_bound = !self->counting && self->scoring != SCORING_ONE_PER_HAND;
    /* porch-fives rounds each side's amount up by at most 2 */
    self->bound_slack = self->capicua_bonus + self->key_bone_bonus;
    if (self->scoring == SCORING_PORCH_FIVES) self->bound_slack += 2 * self->sides;
    self->stock_pips[self->stock_len] = 0;
    for (int at = self->stock_len - 1; at >= 0; at--) {
        self->stock_pips[at] = self->stock_pips[at + 1] + self->pips[self->stock[at]];
    }
    for (int k = 0; k <= MAX_TILES; k++) self->killer[k] = -1;
    self->stride = (size_t)self->key_len + 1;
    size_t most = 2 * PROBE_WINDOW;
    while (table_limit(most) < (size_t)max_entries && most < ((size_t)1 << 30)) most <<= 1;
    self->table.max_capacity = most;
    if (table_alloc(self, &self->table, most < (1 << 12) ? most : (1 << 12)) < 0) {
        PyErr_NoMemory();
        return -1;
    }

    return 0;
}

/* search(hands, stock_at, turn, left, ld, right, rd, alpha, beta, sleeping, nodes, budget)
 *     -> (value or None past the budget, nodes) */
static PyObject *LineSearch_search(LineSearch *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 12) {
        PyErr_SetString(PyExc_TypeError, "search takes 12 arguments");
        return NULL;
    }
    if (self->wide) {
        PyErr_SetString(PyExc_ValueError, "search: this search is for a cross or spinner game");
        return NULL;
    }
    uint64_t hands[MAX_PLAYERS];
    Py_ssize_t count;
    if (read_masks(args[0], hands, MAX_PLAYERS, &count, "hands") < 0) return NULL;
    if (count != self->players) {
        PyErr_SetString(PyExc_ValueError, "search: one hand a seat");
        return NULL;
    }
    /* Hands of the set's tiles, none held twice: the search indexes by the tiles they hold (the killer slots). */
    uint64_t held = 0, in_set = self->n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << self->n) - 1);
    for (Py_ssize_t i = 0; i < count; i++) {
        if ((hands[i] & ~in_set) || (hands[i] & held)) {
            PyErr_SetString(PyExc_ValueError, "search: a tile outside the set, or held twice");
            return NULL;
        }
        held |= hands[i];
    }
    long values[9];
    for (int k = 0; k < 9; k++) {
        values[k] = PyLong_AsLong(args[k + 1]);
        if (values[k] == -1 && PyErr_Occurred()) return NULL;
    }
    unsigned long long sleeping = PyLong_AsUnsignedLongLong(args[9]);
    if (sleeping == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    long long nodes = PyLong_AsLongLong(args[10]);
    if (nodes == -1 && PyErr_Occurred()) return NULL;
    long long budget = PyLong_AsLongLong(args[11]);
    if (budget == -1 && PyErr_Occurred()) return NULL;
    int stock_at = (int)values[0], turn = (int)values[1], left = (int)values[2], right = (int)values[4];
    if (stock_at < 0 || stock_at > self->stock_len || turn < 0 || turn >= self->players || left < 0 ||
        left >= self->numbers || right < 0 || right >= self->numbers) {
        PyErr_SetString(PyExc_ValueError, "search: a position outside the set");
        return NULL;
    }
    if (held & self->stock_rest[stock_at]) { /* a tile both held and still to draw would be drawn again */
        PyErr_SetString(PyExc_ValueError, "search: a tile held and still in the stock");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "LineSearch: one search at a time (a solver is not shared by threads)");
        return NULL;
    }
    self->sleeping = (uint64_t)sleeping;
    self->nodes = nodes;
    self->budget = budget;
    self->aborted = 0;
    self->busy = 1;
    int value;
    /* The search touches no Python object: other threads (the window) run meanwhile. */
    self->in_hands = 0;
    for (int i = 0; i < self->players; i++) {
        self->hand_pips[i] = mask_pips(self, hands[i]);
        self->in_hands += popcount64(hands[i]);
    }
    Py_BEGIN_ALLOW_THREADS
    value = search(self, hands, stock_at, turn, left, values[3] != 0, right, values[5] != 0, (int)values[6],
                   (int)values[7]);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->aborted) return Py_BuildValue("(OL)", Py_None, self->nodes);
    return Py_BuildValue("(iL)", value, self->nodes);
}

/* search_arms(hands, stock_at, turn, counts, unstarted, pose_end, alpha, beta, nodes, budget)
 *     -> (value or None past the budget, nodes); counts: the open ends showing each number */
static PyObject *LineSearch_search_arms(LineSearch *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "search_arms takes 10 arguments");
        return NULL;
    }
    if (self->layout == LAYOUT_LINE) {
        PyErr_SetString(PyExc_ValueError, "search_arms: this search is for a line game");
        return NULL;
    }
    uint64_t hands[2 * MAX_PLAYERS]; /* a wide search's: seat i's words at 2i and 2i + 1 */
    Py_ssize_t count;
    if (self->wide) {
        uint64_t lo[MAX_PLAYERS], hi[MAX_PLAYERS];
        if (read_wide_masks(args[0], lo, hi, MAX_PLAYERS, &count, "hands") < 0) return NULL;
        for (Py_ssize_t i = 0; i < count; i++) {
            hands[2 * i] = lo[i];
            hands[2 * i + 1] = hi[i];
        }
    } else if (read_masks(args[0], hands, MAX_PLAYERS, &count, "hands") < 0) {
        return NULL;
    }
    if (count != self->players) {
        PyErr_SetString(PyExc_ValueError, "search_arms: one hand a seat");
        return NULL;
    }
    int counts[MAX_NUMBERS];
    if (read_ints(args[3], counts, MAX_NUMBERS, &count, "counts") < 0) return NULL;
    if (count != self->numbers) {
        PyErr_SetString(PyExc_ValueError, "search_arms: one count a number");
        return NULL;
    }
    uint64_t ends = 0;
    for (int v = 0; v < self->numbers; v++) {
        /* A wide search keeps 16 ends of a number as 15 (exact: see wide_search). */
        int most = self->wide ? WIDE_COUNT_MOST + 1 : 15;
        if (counts[v] < 0 || counts[v] > most) {
            PyErr_Format(PyExc_ValueError, "search_arms: a count of open ends outside 0-%d", most);
            return NULL;
        }
        int kept = counts[v] > 15 ? 15 : counts[v];
        ends |= (uint64_t)kept << (ARM_BITS * v);
    }
    long values[6];
    static const int at[6] = {1, 2, 4, 5, 6, 7}; /* stock_at, turn, unstarted, pose_end, alpha, beta */
    for (int k = 0; k < 6; k++) {
        values[k] = PyLong_AsLong(args[at[k]]);
        if (values[k] == -1 && PyErr_Occurred()) return NULL;
    }
    long long nodes = PyLong_AsLongLong(args[8]);
    if (nodes == -1 && PyErr_Occurred()) return NULL;
    long long budget = PyLong_AsLongLong(args[9]);
    if (budget == -1 && PyErr_Occurred()) return NULL;
    int stock_at = (int)values[0], turn = (int)values[1], unstarted = (int)values[2], pose_end = (int)values[3];
    if (stock_at < 0 || stock_at > self->stock_len || turn < 0 || turn >= self->players || unstarted < 0 ||
        unstarted > 4 || pose_end < 0 || pose_end >= self->numbers) {
        PyErr_SetString(PyExc_ValueError, "search_arms: a position outside the set");
        return NULL;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "LineSearch: one search at a time (a solver is not shared by threads)");
        return NULL;
    }
    self->pose_end = pose_end;
    self->sleeping = 0;
    self->nodes = nodes;
    self->budget = budget;
    self->aborted = 0;
    self->busy = 1;
    int value;
    Py_BEGIN_ALLOW_THREADS
    if (self->wide) {
        value = wide_search(self, hands, stock_at, turn, ends, unstarted, (int)values[4], (int)values[5]);
    } else {
        value = arms_search(self, hands, stock_at, turn, ends, unstarted, (int)values[4], (int)values[5]);
    }
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (self->aborted) return Py_BuildValue("(OL)", Py_None, self->nodes);
    return Py_BuildValue("(iL)", value, self->nodes);
}

static PyObject *LineSearch_entries(LineSearch *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromSize_t(self->table.count);
}

static PyObject *LineSearch_blocked_value(LineSearch *self, PyObject *hands_seq) {
    uint64_t hands[MAX_PLAYERS], high[MAX_PLAYERS];
    Py_ssize_t count;
    if (read_wide_masks(hands_seq, hands, high, MAX_PLAYERS, &count, "hands") < 0) return NULL;
    if (count != self->players) {
        PyErr_SetString(PyExc_ValueError, "blocked_value: one hand a seat");
        return NULL;
    }
    int pips[MAX_PLAYERS];
    for (int i = 0; i < self->players; i++) pips[i] = mask_pips(self, hands[i]) + high_word_pips(self, high[i]);
    return PyLong_FromLong(blocked_from_pips(self, pips));
}

static PyMethodDef LineSearch_methods[] = {
    {"search", (PyCFunction)(void (*)(void))LineSearch_search, METH_FASTCALL,
     "search(hands, stock_at, turn, left, ld, right, rd, alpha, beta, sleeping, nodes, budget) -> (value|None, nodes)"},
    {"search_arms", (PyCFunction)(void (*)(void))LineSearch_search_arms, METH_FASTCALL,
     "search_arms(hands, stock_at, turn, counts, unstarted, pose_end, alpha, beta, nodes, budget) -> (value|None, nodes)"},
    {"entries", (PyCFunction)LineSearch_entries, METH_NOARGS, "positions in the table"},
    {"blocked_value", (PyCFunction)LineSearch_blocked_value, METH_O, "what a blocked hand with these hands is worth"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LineSearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dominoes_desktop.engine.analysis._core.LineSearch",
    .tp_basicsize = sizeof(LineSearch),
    .tp_dealloc = (destructor)LineSearch_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The exact solver's search over bit masks, with its own transposition table.",
    .tp_methods = LineSearch_methods,
    .tp_init = (initproc)LineSearch_init,
    .tp_new = PyType_GenericNew,
};

/* ==== the playout kernel ============================================================================ */

typedef struct {
    PyObject_HEAD
    int n, numbers;
    int high[MAX_TILES], low[MAX_TILES], pips[MAX_TILES], dbl[MAX_TILES];
    double weight[MAX_TILES];
    uint64_t suit[MAX_NUMBERS];
    signed char index[MAX_NUMBERS][MAX_NUMBERS]; /* a tile's index by (high, low); -1: not in the set */
    PyObject *tiles;   /* tuple of Tile */
    PyObject *outcome; /* HandOutcome */
    PyObject *domino;  /* HandEnd.DOMINO */
    PyObject *blocked; /* HandEnd.BLOCKED */
    PyObject *style_block, *style_draw, *style_fives_draw, *end_none, *end_threes;
    PyObject *fallback; /* the pure Kernel's run, for hands with more seats than MAX_PLAYERS */
    int placement_tile; /* where a Placement tuple holds its tile (read without an attribute look-up) */
    /* The last Rules read (frozen: the same object has the same flags), and what was read of it. */
    PyObject *rules;
    int players, teams[MAX_PLAYERS], sides, draw_all, draw_one, counting, threes, block;
    /* Tile objects met before, by identity (a deal's tiles are the set's own objects, met again and again),
     * each held so that its address is never another's: open addressing, at most TILE_SEEN_MOST of them. */
    PyObject *seen_tile[TILE_SEEN_SLOTS];
    signed char seen_index[TILE_SEEN_SLOTS];
    int seen_count;
} Playout;

/* Attributes read from the hand, by name, interned once. Where an object's type keeps the attribute in a
 * slot (__slots__: Hand, Layout, Arm), the slot is read directly: the same value PyObject_GetAttr finds,
 * without its look-up through the type. */
typedef struct {
    PyObject *name;
    PyTypeObject *type; /* the type whose slot was found, or NULL */
    Py_ssize_t offset;
    int tried;
} Attr;

static Attr s_rules, s_players, s_teams, s_style, s_end_scoring, s_hands, s_stock, s_end_points, s_pending, s_seat, s_points, s_layout, s_placements, s_forced_pose, s_tile, s_joined, s_ends_before_last_play, s_arms, s_end, s_double_at_end, s_leader, s_turn, s_passes_in_row;

static void attr_learn(PyTypeObject *type, Attr *attr) {
    attr->tried = 1;
    PyObject *descr = PyObject_GetAttr((PyObject *)type, attr->name); /* a slot's descriptor, from its class */
    if (descr == NULL) {
        PyErr_Clear();
        return;
    }
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == Py_T_OBJECT_EX && !(member->flags & Py_READONLY) && member->offset > 0) {
            Py_INCREF(type);
            attr->type = type;
            attr->offset = member->offset;
        }
    }
    Py_DECREF(descr);
}

static PyObject *get_attr(PyObject *obj, Attr *attr) {
    PyTypeObject *type = Py_TYPE(obj);
    if (!attr->tried) attr_learn(type, attr);
    if (type == attr->type) {
        PyObject *value = *(PyObject **)((char *)obj + attr->offset);
        if (value != NULL) {
            Py_INCREF(value);
            return value;
        }
    }
    return PyObject_GetAttr(obj, attr->name); /* another type, or an empty slot: its own error */
}

static void Playout_dealloc(Playout *self) {
    Py_XDECREF(self->tiles);
    Py_XDECREF(self->outcome);
    Py_XDECREF(self->domino);
    Py_XDECREF(self->blocked);
    Py_XDECREF(self->style_block);
    Py_XDECREF(self->style_draw);
    Py_XDECREF(self->style_fives_draw);
    Py_XDECREF(self->end_none);
    Py_XDECREF(self->end_threes);
    Py_XDECREF(self->fallback);
    Py_XDECREF(self->rules);
    for (int k = 0; k < TILE_SEEN_SLOTS; k++) Py_XDECREF(self->seen_tile[k]);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Playout(tiles, high, low, suit, outcome_class, domino, blocked, style_block, style_draw, style_fives_draw,
 *         end_none, end_threes, fallback, placement_tile) */
static int Playout_init(Playout *self, PyObject *args, PyObject *kwds) {
    PyObject *tiles, *high, *low, *suit, *objects[9];
    if (kwds != NULL && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Playout takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "O!OOOOOOOOOOOOi", &PyTuple_Type, &tiles, &high, &low, &suit, &objects[0],
                          &objects[1], &objects[2], &objects[3], &objects[4], &objects[5], &objects[6], &objects[7],
                          &objects[8], &self->placement_tile)) {
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tiles), count;
    if (n < 1 || n > MAX_TILES) {
        PyErr_Format(PyExc_ValueError, "Playout: %zd tiles is beyond the compiled core", n);
        return -1;
    }
    self->n = (int)n;
    if (read_ints(high, self->high, n, NULL, "high") < 0) return -1;
    if (read_ints(low, self->low, n, NULL, "low") < 0) return -1;
    if (read_masks(suit, self->suit, MAX_NUMBERS, &count, "suit") < 0) return -1;
    self->numbers = (int)count;
    memset(self->index, -1, sizeof(self->index));
    for (int i = 0; i < n; i++) {
        if (self->high[i] < 0 || self->high[i] >= self->numbers || self->low[i] < 0 || self->low[i] >= self->numbers) {
            PyErr_SetString(PyExc_ValueError, "Playout: a tile outside the set");
            return -1;
        }
        self->pips[i] = self->high[i] + self->low[i];
        self->dbl[i] = self->high[i] == self->low[i];
        self->weight[i] = (double)self->pips[i] + (self->dbl[i] ? 4.0 : 0.0);
        self->index[self->high[i]][self->low[i]] = (signed char)i;
    }
    PyObject **slots[9] = {&self->outcome,    &self->domino,     &self->blocked,
                           &self->style_block, &self->style_draw, &self->style_fives_draw,
                           &self->end_none,    &self->end_threes, &self->fallback};
    Py_INCREF(tiles);
    Py_XSETREF(self->tiles, tiles);
    for (int k = 0; k < 9; k++) {
        Py_INCREF(objects[k]);
        Py_XSETREF(*slots[k], objects[k]);
    }
    return 0;
}

static inline int draw_random(PyObject *rnd, double *out) {
    PyObject *value = PyObject_CallNoArgs(rnd);
    if (value == NULL) return -1;
    double r = PyFloat_AsDouble(value);
    Py_DECREF(value);
    if (r == -1.0 && PyErr_Occurred()) return -1;
    *out = r;
    return 0;
}

static inline int kth_bit(uint64_t mask, long k) {
    while (k-- > 0) mask &= mask - 1;
    return lowest_bit(mask);
}

static inline size_t seen_slot(PyObject *tile) {
    return (size_t)(((uintptr_t)tile >> 4) * 0x9E3779B97F4A7C15ULL >> 40) & (TILE_SEEN_SLOTS - 1);
}

/* The index of a Tile (a (high, low) tuple), or -1 with an error set. */
static int tile_index(Playout *self, PyObject *tile) {
    size_t at = seen_slot(tile);
    while (self->seen_tile[at] != NULL) {
        if (self->seen_tile[at] == tile) return self->seen_index[at];
        at = (at + 1) & (TILE_SEEN_SLOTS - 1);
    }
    if (!PyTuple_Check(tile) || PyTuple_GET_SIZE(tile) != 2) {
        PyErr_SetString(PyExc_TypeError, "playout: a tile must be a Tile");
        return -1;
    }
    long high = PyLong_AsLong(PyTuple_GET_ITEM(tile, 0));
    long low = PyLong_AsLong(PyTuple_GET_ITEM(tile, 1));
    if (PyErr_Occurred()) return -1;
    if (high < 0 || high >= self->numbers || low < 0 || low >= self->numbers || self->index[high][low] < 0) {
        PyErr_SetString(PyExc_ValueError, "playout: a tile not in the set");
        return -1;
    }
    int index = self->index[high][low];
    if (self->seen_count < TILE_SEEN_MOST) { /* a tuple's items never change */
        Py_INCREF(tile);
        self->seen_tile[at] = tile;
        self->seen_index[at] = (signed char)index;
        self->seen_count++;
    }
    return index;
}

/* The tuple of Tiles in `mask`, by index. */
static PyObject *tiles_of(const Playout *self, uint64_t mask) {
    PyObject *out = PyTuple_New(popcount64(mask));
    if (out == NULL) return NULL;
    Py_ssize_t at = 0;
    for (; mask; mask &= mask - 1) {
        PyObject *tile = PyTuple_GET_ITEM(self->tiles, lowest_bit(mask));
        Py_INCREF(tile);
        PyTuple_SET_ITEM(out, at++, tile);
    }
    return out;
}

/* Everything a playout starts from (Kernel.run's set-up). Python values are borrowed from the hand, or
 * owned when marked. */
typedef struct {
    int players, teams[MAX_PLAYERS], draw_all, draw_one, counting, threes;
    uint64_t hm[MAX_PLAYERS];
    int stock[MAX_TILES], stock_len;
    long long end_points[MAX_PLAYERS];
    int sides, turn, pose; /* pose -1: free */
    long passes;
    int has_position;
    uint64_t placed;
    int left, left_double, right, right_double;
    PyObject *leader, *last_seat, *last_tile, *joined, *ends_before; /* all owned (or NULL) */
} Start;

static void start_clear(Start *st) {
    Py_CLEAR(st->leader);
    Py_CLEAR(st->last_seat);
    Py_CLEAR(st->last_tile);
    Py_CLEAR(st->joined);
    Py_CLEAR(st->ends_before);
}

static int read_int_attr(PyObject *obj, Attr *name, long *out) {
    PyObject *value = get_attr(obj, name);
    if (value == NULL) return -1;
    *out = PyLong_AsLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int read_bool_attr(PyObject *obj, Attr *name, int *out) {
    PyObject *value = get_attr(obj, name);
    if (value == NULL) return -1;
    *out = PyObject_IsTrue(value);
    Py_DECREF(value);
    return *out < 0 ? -1 : 0;
}

/* A sequence of Tiles as a mask (or, with `indexes`, as their indexes too). */
static int tiles_mask(Playout *self, PyObject *seq, uint64_t *mask, int *indexes, int *count) {
    PyObject *fast = PySequence_Fast(seq, "playout: tiles must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > MAX_TILES) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "playout: more tiles than the set");
        return -1;
    }
    uint64_t out = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int index = tile_index(self, PySequence_Fast_GET_ITEM(fast, i));
        if (index < 0) {
            Py_DECREF(fast);
            return -1;
        }
        out |= (uint64_t)1 << index;
        if (indexes != NULL) indexes[i] = index;
    }
    Py_DECREF(fast);
    *mask = out;
    if (count != NULL) *count = (int)n;
    return 0;
}

/* Kernel.run's set-up, from a Hand: 0, or 1 when the hand has more seats than the core holds, -1 on error. */
static int read_hand(Playout *self, PyObject *hand, Start *st) {
    PyObject *rules = NULL, *value = NULL, *fast = NULL, *layout = NULL, *placements = NULL;
    PyObject *style = NULL, *end_scoring = NULL;
    long number;
    int code = -1, block = 0;
    memset(st, 0, sizeof(*st));
    rules = get_attr(hand, &s_rules);
    if (rules == NULL) goto out;
    if (rules == self->rules) {
        st->players = self->players;
        memcpy(st->teams, self->teams, sizeof(st->teams));
        st->sides = self->sides;
        st->draw_all = self->draw_all;
        st->draw_one = self->draw_one;
        st->counting = self->counting;
        st->threes = self->threes;
        block = self->block;
    } else {
        if (read_int_attr(rules, &s_players, &number) < 0) goto out;
        if (number > MAX_PLAYERS) {
            code = 1;
            goto out;
        }
        if (number < 2) {
            PyErr_SetString(PyExc_ValueError, "playout: fewer than two seats");
            goto out;
        }
        st->players = (int)number;
        value = get_attr(rules, &s_teams);
        if (value == NULL || read_ints(value, st->teams, st->players, NULL, "teams") < 0) goto out;
        Py_CLEAR(value);
        style = get_attr(rules, &s_style);
        end_scoring = get_attr(rules, &s_end_scoring);
        if (style == NULL || end_scoring == NULL) goto out;
        st->draw_all = style == self->style_draw;
        st->draw_one = style == self->style_fives_draw;
        block = style == self->style_block;
        st->counting = end_scoring != self->end_none;
        st->threes = end_scoring == self->end_threes;
        for (int s = 0; s < st->players; s++) {
            if (st->teams[s] < 0 || st->teams[s] >= st->players) {
                PyErr_SetString(PyExc_ValueError, "playout: a seat of no side");
                goto out;
            }
            if (st->teams[s] + 1 > st->sides) st->sides = st->teams[s] + 1;
        }
        /* Remembered for the next hand of the same rules (a frozen value: the same object, the same flags). */
        self->players = st->players;
        memcpy(self->teams, st->teams, sizeof(self->teams));
        self->sides = st->sides;
        self->draw_all = st->draw_all;
        self->draw_one = st->draw_one;
        self->counting = st->counting;
        self->threes = st->threes;
        self->block = block;
        Py_INCREF(rules);
        Py_XSETREF(self->rules, rules);
    }

    value = get_attr(hand, &s_hands);
    if (value == NULL) goto out;
    fast = PySequence_Fast(value, "playout: hands must be a sequence");
    if (fast == NULL) goto out;
    if (PySequence_Fast_GET_SIZE(fast) != st->players) {
        PyErr_SetString(PyExc_ValueError, "playout: one hand a seat");
        goto out;
    }
    for (int s = 0; s < st->players; s++) {
        if (tiles_mask(self, PySequence_Fast_GET_ITEM(fast, s), &st->hm[s], NULL, NULL) < 0) goto out;
    }
    Py_CLEAR(fast);
    Py_CLEAR(value);
    if (!block) {
        uint64_t ignored;
        value = get_attr(hand, &s_stock);
        if (value == NULL || tiles_mask(self, value, &ignored, st->stock, &st->stock_len) < 0) goto out;
        Py_CLEAR(value);
    }
    value = get_attr(hand, &s_end_points);
    if (value == NULL) goto out;
    fast = PySequence_Fast(value, "playout: end points must be a sequence");
    if (fast == NULL) goto out;
    if (PySequence_Fast_GET_SIZE(fast) != st->sides) {
        PyErr_SetString(PyExc_ValueError, "playout: end points: one a side");
        goto out;
    }
    for (int s = 0; s < st->sides; s++) {
        st->end_points[s] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(fast, s));
        if (st->end_points[s] == -1 && PyErr_Occurred()) goto out;
    }
    Py_CLEAR(fast);
    Py_CLEAR(value);
    value = get_attr(hand, &s_pending);
    if (value == NULL) goto out;
    if (value != Py_None) {
        long seat, points;
        if (read_int_attr(value, &s_seat, &seat) < 0 || read_int_attr(value, &s_points, &points) < 0) goto out;
        if (seat < 0 || seat >= st->players) {
            PyErr_SetString(PyExc_ValueError, "playout: pending points of no seat");
            goto out;
        }
        st->end_points[st->teams[seat]] += points;
    }
    Py_CLEAR(value);
    st->leader = get_attr(hand, &s_leader);
    if (st->leader == NULL) goto out;
    if (read_int_attr(hand, &s_turn, &number) < 0) goto out;
    if (number < 0 || number >= st->players) {
        PyErr_SetString(PyExc_ValueError, "playout: the turn of no seat");
        goto out;
    }
    st->turn = (int)number;
    if (read_int_attr(hand, &s_passes_in_row, &st->passes) < 0) goto out;

    layout = get_attr(hand, &s_layout);
    if (layout == NULL) goto out;
    placements = get_attr(layout, &s_placements);
    if (placements == NULL) goto out;
    fast = PySequence_Fast(placements, "playout: placements must be a sequence");
    if (fast == NULL) goto out;
    Py_ssize_t placed_count = PySequence_Fast_GET_SIZE(fast);
    st->pose = -1;
    if (placed_count == 0) {
        value = get_attr(hand, &s_forced_pose);
        if (value == NULL) goto out;
        if (value != Py_None && (st->pose = tile_index(self, value)) < 0) goto out;
        Py_CLEAR(value);
    } else {
        st->has_position = 1;
        for (Py_ssize_t i = 0; i < placed_count; i++) {
            PyObject *placement = PySequence_Fast_GET_ITEM(fast, i), *tile;
            if (PyTuple_Check(placement) && self->placement_tile < PyTuple_GET_SIZE(placement)) {
                tile = PyTuple_GET_ITEM(placement, self->placement_tile);
                Py_INCREF(tile);
            } else {
                tile = get_attr(placement, &s_tile);
            }
            if (tile == NULL) goto out;
            int index = tile_index(self, tile);
            if (i == placed_count - 1) {
                st->last_tile = tile;
            } else {
                Py_DECREF(tile);
            }
            if (index < 0) goto out;
            st->placed |= (uint64_t)1 << index;
        }
        PyObject *last = PySequence_Fast_GET_ITEM(fast, placed_count - 1);
        st->last_seat = get_attr(last, &s_seat);
        st->joined = get_attr(last, &s_joined);
        st->ends_before = get_attr(hand, &s_ends_before_last_play);
        if (st->last_seat == NULL || st->joined == NULL || st->ends_before == NULL) goto out;
        value = get_attr(layout, &s_arms);
        if (value == NULL) goto out;
        if (PySequence_Size(value) < 2) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "playout: a line needs two open ends");
            goto out;
        }
        PyObject *arm_left = PySequence_GetItem(value, 0), *arm_right = PySequence_GetItem(value, 1);
        long left = -1, right = -1;
        int failed = arm_left == NULL || arm_right == NULL || read_int_attr(arm_left, &s_end, &left) < 0 ||
                     read_bool_attr(arm_left, &s_double_at_end, &st->left_double) < 0 ||
                     read_int_attr(arm_right, &s_end, &right) < 0 ||
                     read_bool_attr(arm_right, &s_double_at_end, &st->right_double) < 0;
        Py_XDECREF(arm_left);
        Py_XDECREF(arm_right);
        if (failed) goto out;
        if (left < 0 || left >= self->numbers || right < 0 || right >= self->numbers) {
            PyErr_SetString(PyExc_ValueError, "playout: an open end outside the set");
            goto out;
        }
        st->left = (int)left;
        st->right = (int)right;
        Py_CLEAR(value);
    }
    code = 0;
out:
    Py_XDECREF(rules);
    Py_XDECREF(value);
    Py_XDECREF(fast);
    Py_XDECREF(layout);
    Py_XDECREF(placements);
    Py_XDECREF(style);
    Py_XDECREF(end_scoring);
    return code;
}

/* Kernel._outcome: the HandOutcome. */
static PyObject *make_outcome(const Playout *self, PyObject *end, const Start *st, uint64_t placed,
                              PyObject *last_seat, PyObject *last_tile, PyObject *joined, PyObject *ends_before) {
    PyObject *exhausted = Py_False;
    if (joined != Py_None) {
        long number = PyLong_AsLong(joined);
        if (number == -1 && PyErr_Occurred()) return NULL;
        if (number >= 0 && number < self->numbers && !(self->suit[number] & ~placed)) exhausted = Py_True;
    }
    /* The outcome as tuple.__new__(HandOutcome, ...) makes it, without the tuple in between. */
    PyTypeObject *outcome_type = (PyTypeObject *)self->outcome;
    PyObject *fields = outcome_type->tp_alloc(outcome_type, 10);
    if (fields == NULL) return NULL;
    PyObject *pips = PyTuple_New(st->players), *remaining = PyTuple_New(st->players);
    PyObject *points = PyTuple_New(st->sides);
    if (pips == NULL || remaining == NULL || points == NULL) goto fail;
    for (int s = 0; s < st->players; s++) {
        int total = 0;
        for (uint64_t m = st->hm[s]; m; m &= m - 1) total += self->pips[lowest_bit(m)];
        PyObject *count = PyLong_FromLong(total);
        if (count == NULL) goto fail;
        PyTuple_SET_ITEM(pips, s, count);
        PyObject *held = tiles_of(self, st->hm[s]);
        if (held == NULL) goto fail;
        PyTuple_SET_ITEM(remaining, s, held);
    }
    for (int s = 0; s < st->sides; s++) {
        PyObject *value = PyLong_FromLongLong(st->end_points[s]);
        if (value == NULL) goto fail;
        PyTuple_SET_ITEM(points, s, value);
    }
    PyObject *borrowed[7] = {end, st->leader, last_seat, last_tile, joined, ends_before, exhausted};
    for (int k = 0; k < 7; k++) {
        Py_INCREF(borrowed[k]);
        PyTuple_SET_ITEM(fields, k, borrowed[k]);
    }
    PyTuple_SET_ITEM(fields, 7, pips);
    PyTuple_SET_ITEM(fields, 8, remaining);
    PyTuple_SET_ITEM(fields, 9, points);
    return fields;
fail:
    Py_XDECREF(pips);
    Py_XDECREF(remaining);
    Py_XDECREF(points);
    Py_DECREF(fields);
    return NULL;
}

/* Kernel._play, from `st` (whose hands, end points and passes it changes). */
static PyObject *play(const Playout *self, Start *st, PyObject *rnd, int uniform, double noise) {
    const int players = st->players, counting = st->counting, threes = st->threes;
    const int draw_all = st->draw_all, draw_one = st->draw_one, drawing = draw_all || draw_one;
    uint64_t *hm = st->hm;
    int turn = st->turn;
    long passes = st->passes;
    double r;
    uint64_t placed;
    int left, right, left_double, right_double;
    PyObject *result = NULL, *pose_seat = NULL, *empty = NULL, *last_seat, *last_tile, *joined, *ends_before;

    if (!st->has_position) {
        int choice;
        if (st->pose >= 0) {
            choice = st->pose;
        } else if (uniform) {
            uint64_t mine = hm[turn];
            if (!mine) {
                PyErr_SetString(PyExc_ValueError, "playout: no tile to pose");
                return NULL;
            }
            if (draw_random(rnd, &r) < 0) return NULL;
            choice = kth_bit(mine, (long)(r * popcount64(mine)));
        } else {
            /* max(options, key=(weight + noise * rnd(), high, low)): the first of the largest */
            choice = -1;
            double best_weight = 0.0;
            for (uint64_t pool = hm[turn]; pool; pool &= pool - 1) {
                int i = lowest_bit(pool);
                if (draw_random(rnd, &r) < 0) return NULL;
                double w = self->weight[i] + noise * r;
                if (choice < 0 || w > best_weight ||
                    (w == best_weight && (self->high[i] > self->high[choice] ||
                                          (self->high[i] == self->high[choice] && self->low[i] > self->low[choice])))) {
                    choice = i;
                    best_weight = w;
                }
            }
            if (choice < 0) {
                PyErr_SetString(PyExc_ValueError, "playout: no tile to pose");
                return NULL;
            }
        }
        hm[turn] ^= (uint64_t)1 << choice;
        placed = (uint64_t)1 << choice;
        left = self->high[choice];
        right = self->low[choice];
        left_double = right_double = left == right;
        if (counting) {
            int total = left + right;
            if (total % 5 == 0 || (threes && total % 3 == 0)) st->end_points[st->teams[turn]] += total;
        }
        pose_seat = PyLong_FromLong(turn);
        empty = PyTuple_New(0);
        if (pose_seat == NULL || empty == NULL) goto done;
        last_seat = pose_seat;
        last_tile = PyTuple_GET_ITEM(self->tiles, choice);
        joined = Py_None;
        ends_before = empty;
        if (!hm[turn]) {
            result = make_outcome(self, self->domino, st, placed, last_seat, last_tile, joined, ends_before);
            goto done;
        }
        turn = (turn + 1) % players;
    } else {
        placed = st->placed;
        last_seat = st->last_seat;
        last_tile = st->last_tile;
        joined = st->joined;
        ends_before = st->ends_before;
        left = st->left;
        right = st->right;
        left_double = st->left_double;
        right_double = st->right_double;
    }
    {
        uint64_t bit = 0; /* the last tile played in the loop */
        int to_left = 1, last_turn = 0, domino = 0;
        int stock_at = 0;
        uint64_t start_hands = 0;
        for (int s = 0; s < players; s++) start_hands |= hm[s];
        uint64_t on_left_suit = self->suit[left], on_right_suit = self->suit[right];
        int distinct = left != right || (counting && left_double != right_double);
        for (;;) {
            uint64_t mine = hm[turn];
            uint64_t on_left = mine & on_left_suit;
            uint64_t on_right = distinct ? mine & on_right_suit : 0;
            if (on_left || on_right) {
                if (!uniform) {
                    /* Kernel._greedy: key (weight + noise, high, low, end, on double), the first largest */
                    int choice = -1, choice_left = 1;
                    double best_weight = 0.0;
                    int best_end = 0, best_double = 0;
                    for (int side = 0; side < 2; side++) {
                        uint64_t pool = side == 0 ? on_left : on_right;
                        int end = side == 0 ? left : right;
                        int on_double = side == 0 ? (left_double && counting) : (right_double && counting);
                        for (; pool; pool &= pool - 1) {
                            int i = lowest_bit(pool);
                            double w = self->weight[i];
                            if (noise != 0.0) {
                                if (draw_random(rnd, &r) < 0) goto done;
                                w = self->weight[i] + noise * r;
                            }
                            int better;
                            if (choice < 0 || w > best_weight) {
                                better = 1;
                            } else if (w < best_weight) {
                                better = 0;
                            } else if (self->high[i] != self->high[choice]) {
                                better = self->high[i] > self->high[choice];
                            } else if (self->low[i] != self->low[choice]) {
                                better = self->low[i] > self->low[choice];
                            } else if (end != best_end) {
                                better = end > best_end;
                            } else {
                                better = on_double > best_double;
                            }
                            if (better) {
                                choice = i;
                                choice_left = side == 0;
                                best_weight = w;
                                best_end = end;
                                best_double = on_double;
                            }
                        }
                    }
                    bit = (uint64_t)1 << choice;
                    to_left = choice_left;
                } else {
                    /* uniform over the legal moves: the k-th of the left pool, then of the right; a lone
                     * legal move takes no draw */
                    uint64_t pool;
                    long k = 0;
                    if (!on_right) {
                        pool = on_left;
                        to_left = 1;
                        if (on_left & (on_left - 1)) {
                            if (draw_random(rnd, &r) < 0) goto done;
                            k = (long)(r * popcount64(on_left));
                        }
                    } else if (!on_left) {
                        pool = on_right;
                        to_left = 0;
                        if (on_right & (on_right - 1)) {
                            if (draw_random(rnd, &r) < 0) goto done;
                            k = (long)(r * popcount64(on_right));
                        }
                    } else {
                        long n_left = popcount64(on_left);
                        if (draw_random(rnd, &r) < 0) goto done;
                        k = (long)(r * (double)(n_left + popcount64(on_right)));
                        if (k < n_left) {
                            pool = on_left;
                            to_left = 1;
                        } else {
                            pool = on_right;
                            to_left = 0;
                            k -= n_left;
                        }
                    }
                    while (k-- > 0) pool &= pool - 1;
                    bit = pool & (~pool + 1);
                }
                mine ^= bit;
                hm[turn] = mine;
                int index = lowest_bit(bit);
                if (to_left) {
                    left = self->pips[index] - left;
                    on_left_suit = self->suit[left];
                } else {
                    right = self->pips[index] - right;
                    on_right_suit = self->suit[right];
                }
                if (counting) {
                    if (to_left) {
                        left_double = self->dbl[index];
                    } else {
                        right_double = self->dbl[index];
                    }
                    int total = (left_double ? left * 2 : left) + (right_double ? right * 2 : right);
                    if (total && (total % 5 == 0 || (threes && total % 3 == 0))) {
                        st->end_points[st->teams[turn]] += total;
                    }
                }
                distinct = left != right || (counting && left_double != right_double);
                last_turn = turn;
                passes = 0;
                if (!mine) {
                    domino = 1;
                    break;
                }
            } else if (drawing &&
                       ((draw_all && stock_at < st->stock_len) || (draw_one && st->stock_len - stock_at > 2))) {
                start_hands |= (uint64_t)1 << st->stock[stock_at];
                hm[turn] = mine | (uint64_t)1 << st->stock[stock_at];
                stock_at++;
                if (draw_all) continue;
            } else {
                passes++;
                if (passes >= players) break;
            }
            turn = turn + 1 < players ? turn + 1 : 0;
        }
        PyObject *joined_value = NULL, *before = NULL, *seat_value = NULL;
        if (bit) {
            /* Kernel._last_play */
            int index = lowest_bit(bit);
            int joined_number = self->pips[index] - (to_left ? left : right);
            joined_value = PyLong_FromLong(joined_number);
            before = to_left ? Py_BuildValue("(ii)", joined_number, right) : Py_BuildValue("(ii)", left, joined_number);
            seat_value = PyLong_FromLong(last_turn);
            if (joined_value == NULL || before == NULL || seat_value == NULL) {
                Py_XDECREF(joined_value);
                Py_XDECREF(before);
                Py_XDECREF(seat_value);
                goto done;
            }
            last_tile = PyTuple_GET_ITEM(self->tiles, index);
            last_seat = seat_value;
            joined = joined_value;
            ends_before = before;
        }
        uint64_t held = 0;
        for (int s = 0; s < players; s++) held |= hm[s];
        placed |= start_hands & ~held;
        result = make_outcome(self, domino ? self->domino : self->blocked, st, placed, last_seat, last_tile, joined,
                              ends_before);
        Py_XDECREF(joined_value);
        Py_XDECREF(before);
        Py_XDECREF(seat_value);
    }
done:
    Py_XDECREF(pose_seat);
    Py_XDECREF(empty);
    return result;
}

/* run(hand, rnd, noise) -> HandOutcome: Kernel.run */
static PyObject *Playout_run(Playout *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "run takes 3 arguments");
        return NULL;
    }
    PyObject *noise_obj = args[2];
    int uniform = noise_obj == Py_None;
    double noise = 0.0;
    if (!uniform) {
        noise = PyFloat_AsDouble(noise_obj);
        if (noise == -1.0 && PyErr_Occurred()) return NULL;
    }
    Start st;
    int read = read_hand(self, args[0], &st);
    if (read != 0) {
        start_clear(&st);
        return read < 0 ? NULL : PyObject_Vectorcall(self->fallback, args, 3, NULL);
    }
    PyObject *result = play(self, &st, args[1], uniform, noise);
    start_clear(&st);
    return result;
}

static PyMethodDef Playout_methods[] = {
    {"run", (PyCFunction)(void (*)(void))Playout_run, METH_FASTCALL, "run(hand, rnd, noise) -> HandOutcome"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PlayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dominoes_desktop.engine.analysis._core.Playout",
    .tp_basicsize = sizeof(Playout),
    .tp_dealloc = (destructor)Playout_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The playout kernel for one set of tiles: Kernel.run in C.",
    .tp_methods = Playout_methods,
    .tp_init = (initproc)Playout_init,
    .tp_new = PyType_GenericNew,
};

/* ==== the module ==================================================================================== */

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "_core",
    "The compiled search core: the exact solver's search and the playout kernel (see core.py).",
    -1,
    NULL,
};

static int intern_names(void) {
    struct {
        Attr *attr;
        const char *name;
    } names[] = {
        {&s_rules, "rules"},
        {&s_players, "players"},
        {&s_teams, "teams"},
        {&s_style, "style"},
        {&s_end_scoring, "end_scoring"},
        {&s_hands, "hands"},
        {&s_stock, "stock"},
        {&s_end_points, "end_points"},
        {&s_pending, "pending"},
        {&s_seat, "seat"},
        {&s_points, "points"},
        {&s_layout, "layout"},
        {&s_placements, "placements"},
        {&s_forced_pose, "forced_pose"},
        {&s_tile, "tile"},
        {&s_joined, "joined"},
        {&s_ends_before_last_play, "ends_before_last_play"},
        {&s_arms, "arms"},
        {&s_end, "end"},
        {&s_double_at_end, "double_at_end"},
        {&s_leader, "leader"},
        {&s_turn, "turn"},
        {&s_passes_in_row, "passes_in_row"},
    };
    for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
        if (names[k].attr->name == NULL &&
            (names[k].attr->name = PyUnicode_InternFromString(names[k].name)) == NULL) {
            return -1;
        }
    }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void) {
    if (intern_names() < 0) return NULL;
    if (PyType_Ready(&LineSearchType) < 0 || PyType_Ready(&PlayoutType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (module == NULL) return NULL;
    Py_INCREF(&LineSearchType);
    if (PyModule_AddObject(module, "LineSearch", (PyObject *)&LineSearchType) < 0) {
        Py_DECREF(&LineSearchType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&PlayoutType);
    if (PyModule_AddObject(module, "Playout", (PyObject *)&PlayoutType) < 0) {
        Py_DECREF(&PlayoutType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MAX_TILES", MAX_TILES) < 0 ||
        PyModule_AddIntConstant(module, "MAX_PLAYERS", MAX_PLAYERS) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
