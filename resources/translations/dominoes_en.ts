<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en_US">
<context>
    <name>ReviewDialog</name>
    <message numerus="yes">
        <source>%n hand(s) to {side}</source>
        <translation>
            <numerusform>%n hand to {side}</numerusform>
            <numerusform>%n hands to {side}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) to {side}</source>
        <translation>
            <numerusform>%n point to {side}</numerusform>
            <numerusform>%n points to {side}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CoachDialog</name>
    <message numerus="yes">
        <source>%n time(s) in 10</source>
        <translation>
            <numerusform>%n time in 10</numerusform>
            <numerusform>%n times in 10</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{best} got %n more pip(s) out of your hand: if the table locks, pips left count against you.</source>
        <translation>
            <numerusform>{best} got %n more pip out of your hand: if the table locks, pips left count against you.</numerusform>
            <numerusform>{best} got %n more pips out of your hand: if the table locks, pips left count against you.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GamePage</name>
    <message numerus="yes">
        <source>%n second(s) left</source>
        <translation>
            <numerusform>%n second left</numerusform>
            <numerusform>%n seconds left</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandEndPanel</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="232" />
        <source>%n hand(s) to {side}.</source>
        <translation>
            <numerusform>%n hand to {side}.</numerusform>
            <numerusform>%n hands to {side}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="235" />
        <source>%n point(s) to {side}.</source>
        <translation>
            <numerusform>%n point to {side}.</numerusform>
            <numerusform>%n points to {side}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="245" />
        <source>%n pip(s)</source>
        <translation>
            <numerusform>%n pip</numerusform>
            <numerusform>%n pips</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/table/scene.py" line="377" />
        <source>%n tile(s)</source>
        <translation>
            <numerusform>%n tile</numerusform>
            <numerusform>%n tiles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/table/view.py" line="164" />
        <source>%n pip(s)</source>
        <translation>
            <numerusform>%n pip</numerusform>
            <numerusform>%n pips</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DealLuckPanel</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>%n earlier match(es) of {player} finished before deals were recorded: they are not counted, and the chart starts with the first recorded hand.</source>
        <translation>
            <numerusform>%n earlier match of {player} finished before deals were recorded: it is not counted, and the chart starts with the first recorded hand.</numerusform>
            <numerusform>%n earlier matches of {player} finished before deals were recorded: they are not counted, and the chart starts with the first recorded hand.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>%n hand(s) recorded for {player}.</source>
        <translation>
            <numerusform>%n hand recorded for {player}.</numerusform>
            <numerusform>%n hands recorded for {player}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LobbyPage</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/lobby.py" line="283" />
        <source>%n deal(s)</source>
        <translation>
            <numerusform>%n deal</numerusform>
            <numerusform>%n deals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Duplicate match: %n deal(s)</source>
        <translation>
            <numerusform>Duplicate match: %n deal</numerusform>
            <numerusform>Duplicate match: %n deals</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n play(s) of one hand each.</source>
        <translation>
            <numerusform>%n play of one hand.</numerusform>
            <numerusform>%n plays of one hand each.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>You</source>
        <comment>after a preposition: 1 hand to you</comment>
        <translation>You</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message numerus="yes">
        <source>{host}'s table · %n free seat(s) · {invite}</source>
        <translation>
            <numerusform>{host}'s table · %n free seat · {invite}</numerusform>
            <numerusform>{host}'s table · %n free seats · {invite}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScorePanel</name>
    <message numerus="yes">
        <source>First to %n point(s)</source>
        <translation>
            <numerusform>First to %n point</numerusform>
            <numerusform>First to %n points</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>First to %n hand(s)</source>
        <translation>
            <numerusform>First to %n hand</numerusform>
            <numerusform>First to %n hands</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message numerus="yes">
        <source>The first player to reach %n point(s) wins the match.</source>
        <translation>
            <numerusform>The first player to reach %n point wins the match.</numerusform>
            <numerusform>The first player to reach %n points wins the match.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first side to reach %n point(s) wins the match.</source>
        <translation>
            <numerusform>The first side to reach %n point wins the match.</numerusform>
            <numerusform>The first side to reach %n points wins the match.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first player to reach %n hand(s) wins the match.</source>
        <translation>
            <numerusform>The first player to reach %n hand wins the match.</numerusform>
            <numerusform>The first player to reach %n hands wins the match.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first side to reach %n hand(s) wins the match.</source>
        <translation>
            <numerusform>The first side to reach %n hand wins the match.</numerusform>
            <numerusform>The first side to reach %n hands wins the match.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Moves</name>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/play/panels.py" line="386" />
        <source>You drew %n tile(s) from the stock</source>
        <translation>
            <numerusform>You drew %n tile from the stock</numerusform>
            <numerusform>You drew %n tiles from the stock</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/play/panels.py" line="388" />
        <source>{name} drew %n tile(s) from the stock</source>
        <translation>
            <numerusform>{name} drew %n tile from the stock</numerusform>
            <numerusform>{name} drew %n tiles from the stock</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LuckLine</name>
    <message numerus="yes">
        <source>This match: luck {luck} · your decisions {cost} ({slips} in %n hand(s))</source>
        <translation>
            <numerusform>This match: luck {luck} · your decisions {cost} ({slips} in %n hand)</numerusform>
            <numerusform>This match: luck {luck} · your decisions {cost} ({slips} in %n hands)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n slip(s)</source>
        <translation>
            <numerusform>%n slip</numerusform>
            <numerusform>%n slips</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SkillCounts</name>
    <message numerus="yes">
        <source>You are placed among the CPU levels after %n more decision(s); the CPU levels: {levels}.</source>
        <translation>
            <numerusform>You are placed among the CPU levels after %n more decision; the CPU levels: {levels}.</numerusform>
            <numerusform>You are placed among the CPU levels after %n more decisions; the CPU levels: {levels}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s)</source>
        <translation>
            <numerusform>%n hand</numerusform>
            <numerusform>%n hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>provisional: %n decision(s) so far</source>
        <translation>
            <numerusform>provisional: %n decision so far</numerusform>
            <numerusform>provisional: %n decisions so far</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Practice (hands with Undo or a hint), kept apart: {rating} over %n hand(s).</source>
        <translation>
            <numerusform>Practice (hands with Undo or a hint), kept apart: {rating} over %n hand.</numerusform>
            <numerusform>Practice (hands with Undo or a hint), kept apart: {rating} over %n hands.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s) judged; error rate now {rating}. {trend}</source>
        <translation>
            <numerusform>%n hand judged; error rate now {rating}. {trend}</numerusform>
            <numerusform>%n hands judged; error rate now {rating}. {trend}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of your hands are still being judged.</source>
        <translation>
            <numerusform>%n of your hands is still being judged.</numerusform>
            <numerusform>%n of your hands are still being judged.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n judged hand(s) to {file}.</source>
        <translation>
            <numerusform>Exported %n judged hand to {file}.</numerusform>
            <numerusform>Exported %n judged hands to {file}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n new judged hand(s) from {file}.</source>
        <translation>
            <numerusform>Imported %n new judged hand from {file}.</numerusform>
            <numerusform>Imported %n new judged hands from {file}.</numerusform>
        </translation>
    </message>
</context>
</TS>
