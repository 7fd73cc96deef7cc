"""What a hand is worth before its deal, seat 0 leading (hand_luck.prior), for the shipped presets:
written by benchmarks/rating_priors.py, never by hand. Keyed by hand_luck.prior_key and the level."""

LUCK_VERSION = 1
PRIOR_DEALS = 400

PRIORS: dict[tuple[str, str], tuple[float, ...]] = {
    # block, easy
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        3.285,
        -3.285,
    ),
    # block, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        4.7475,
        -4.7475,
    ),
    # cuban, easy
    (
        "set_top=9;players=4;teams=(0,1,0,1);hand_size=10;style=block;layout=line;opening=random_team_any;blocked=lowest_player;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        3.645,
        -3.645,
    ),
    # cuban, medium
    (
        "set_top=9;players=4;teams=(0,1,0,1);hand_size=10;style=block;layout=line;opening=random_team_any;blocked=lowest_player;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        6.06,
        -6.06,
    ),
    # cutthroat, easy
    (
        "set_top=6;players=3;teams=(0,1,2);hand_size=9;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=((0,0))",
        "easy",
    ): (
        0.20166666666666666,
        -0.018333333333333313,
        -0.18333333333333335,
    ),
    # cutthroat, medium
    (
        "set_top=6;players=3;teams=(0,1,2);hand_size=9;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=((0,0))",
        "medium",
    ): (
        0.32333333333333336,
        -0.10666666666666663,
        -0.21666666666666662,
    ),
    # dominican, easy
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_side_starter_ties;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=30;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        4.1525,
        -4.1525,
    ),
    # dominican, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_side_starter_ties;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=30;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        5.3975,
        -5.3975,
    ),
    # draw, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=5;style=draw;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        5.865,
        -5.865,
    ),
    # jamaican, easy
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        0.1275,
        -0.1275,
    ),
    # jamaican, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        0.2425,
        -0.2425,
    ),
    # puerto_rican, easy
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_side;scoring=all_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        3.755,
        -3.755,
    ),
    # puerto_rican, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_side;scoring=all_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        5.375,
        -5.375,
    ),
    # room, easy
    (
        "set_top=6;players=4;teams=(0,1,2,3);hand_size=7;style=block;layout=line;opening=highest_double_any;blocked=lowest_side;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "easy",
    ): (
        7.148749999999998,
        -0.09125000000000227,
        -2.06625,
        -4.991250000000001,
    ),
    # room, medium
    (
        "set_top=6;players=4;teams=(0,1,2,3);hand_size=7;style=block;layout=line;opening=highest_double_any;blocked=lowest_side;scoring=opponents_pips;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=0;removed_tiles=()",
        "medium",
    ): (
        8.14875,
        -0.8262499999999999,
        -1.7462499999999999,
        -5.57625,
    ),
    # six_love, easy
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=1;removed_tiles=()",
        "easy",
    ): (
        0.1675,
        -0.1675,
    ),
    # six_love, medium
    (
        "set_top=6;players=4;teams=(0,1,0,1);hand_size=7;style=block;layout=line;opening=highest_double_must;blocked=lowest_player;scoring=one_per_hand;end_scoring=none;claims=False;capicua_bonus=0;key_bone_bonus=1;removed_tiles=()",
        "medium",
    ): (
        0.315,
        -0.315,
    ),
}
