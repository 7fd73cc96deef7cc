<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="es">
<context>
    <name>Scores</name>
    <message>
        <source>{points} for {side}</source>
        <translation>{points} para {side}</translation>
    </message>
</context>
<context>
    <name>Flags</name>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="16" />
        <source>Jamaica</source>
        <translation>Jamaica</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="17" />
        <source>Trinidad and Tobago</source>
        <translation>Trinidad y Tobago</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="18" />
        <source>Barbados</source>
        <translation>Barbados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="19" />
        <source>Bahamas</source>
        <translation>Bahamas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="20" />
        <source>Puerto Rico</source>
        <translation>Puerto Rico</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="21" />
        <source>Dominican Republic</source>
        <translation>República Dominicana</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="22" />
        <source>Cuba</source>
        <translation>Cuba</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="23" />
        <source>Haiti</source>
        <translation>Haití</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="24" />
        <source>Grenada</source>
        <translation>Granada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="25" />
        <source>Saint Lucia</source>
        <translation>Santa Lucía</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="26" />
        <source>Saint Vincent and the Grenadines</source>
        <translation>San Vicente y las Granadinas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="27" />
        <source>Antigua and Barbuda</source>
        <translation>Antigua y Barbuda</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="28" />
        <source>Dominica</source>
        <translation>Dominica</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="29" />
        <source>Saint Kitts and Nevis</source>
        <translation>San Cristóbal y Nieves</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="30" />
        <source>Guyana</source>
        <translation>Guyana</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="31" />
        <source>Belize</source>
        <translation>Belice</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="32" />
        <source>Cayman Islands</source>
        <translation>Islas Caimán</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="33" />
        <source>Turks and Caicos</source>
        <translation>Islas Turcas y Caicos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="34" />
        <source>US Virgin Islands</source>
        <translation>Islas Vírgenes de EE. UU.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="35" />
        <source>Panama</source>
        <translation>Panamá</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="36" />
        <source>Colombia</source>
        <translation>Colombia</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="37" />
        <source>Venezuela</source>
        <translation>Venezuela</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="38" />
        <source>Costa Rica</source>
        <translation>Costa Rica</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="39" />
        <source>Nicaragua</source>
        <translation>Nicaragua</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="40" />
        <source>Honduras</source>
        <translation>Honduras</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="41" />
        <source>Suriname</source>
        <translation>Surinam</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="42" />
        <source>Aruba</source>
        <translation>Aruba</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="43" />
        <source>Curaçao</source>
        <translation>Curazao</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="44" />
        <source>Bonaire</source>
        <translation>Bonaire</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="45" />
        <source>Sint Maarten</source>
        <translation>San Martín</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="46" />
        <source>Martinique</source>
        <translation>Martinica</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="47" />
        <source>Guadeloupe</source>
        <translation>Guadalupe</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="48" />
        <source>Montserrat</source>
        <translation>Montserrat</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="49" />
        <source>Anguilla</source>
        <translation>Anguila</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/flags.py" line="50" />
        <source>British Virgin Islands</source>
        <translation>Islas Vírgenes Británicas</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="67" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="50" />
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="69" />
        <source>CPU {n}</source>
        <translation>CPU {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="225" />
        <source>That seat cannot lead this hand.</source>
        <translation>Ese asiento no puede salir en esta mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="242" />
        <source>It is not your turn.</source>
        <translation>No es tu turno.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="307" />
        <source>There are no points of yours to claim.</source>
        <translation>No tienes puntos que reclamar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="317" />
        <source>There are no missed points to take.</source>
        <translation>No hay puntos olvidados que tomar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="391" />
        <source>A CPU player had a problem ({reason}); it plays its first legal tile.</source>
        <translation>Un jugador CPU tuvo un problema ({reason}); juega su primera ficha válida.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/controller.py" line="424" />
        <source>A hint is for your own turn.</source>
        <translation>Las pistas son para tu propio turno.</translation>
    </message>
    <message>
        <source>There is no move of yours to take back.</source>
        <translation>No tienes ninguna jugada que deshacer.</translation>
    </message>
</context>
<context>
    <name>GamePage</name>
    <message>
        <source>Rematch cut the deck.</source>
        <translation>La revancha cortó la baraja.</translation>
    </message>
    <message>
        <source>You were dealt {n} or more doubles.</source>
        <translation>Te tocaron {n} dobles o más.</translation>
    </message>
    <message>
        <source>Deal again?</source>
        <translation>¿Repartir de nuevo?</translation>
    </message>
    <message>
        <source>{name} asked for a new deal: cut the new deck</source>
        <translation>{name} pidió repartir de nuevo: corta la nueva baraja</translation>
    </message>
    <message>
        <source>Start cut the deck.</source>
        <translation>Empezar cortó la baraja.</translation>
    </message>
    <message>
        <source>You lead, and always from now on</source>
        <translation>Sales tú, y siempre a partir de ahora</translation>
    </message>
    <message>
        <source>You lead this hand and whenever your side wins; the View menu asks again</source>
        <translation>Sales tú en esta mano y siempre que gane tu equipo; el menú Ver vuelve a preguntar</translation>
    </message>
    <message>
        <source>Not asked again: View ▸ When my side wins, I lead</source>
        <translation>No se vuelve a preguntar: Ver ▸ Cuando gana mi equipo, salgo yo</translation>
    </message>
    <message>
        <source>Your move was taken back: this match is practice.</source>
        <translation>Se deshizo tu jugada: esta partida es de práctica.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s) left</source>
        <translation>
            <numerusform>Queda %n segundo</numerusform>
            <numerusform>Quedan %n segundos</numerusform>
        </translation>
    </message>
    <message>
        <source>{time} left</source>
        <translation>quedan {time}</translation>
    </message>
    <message>
        <source>Time ran out for {name}: {action} was played for them.</source>
        <translation>Se le acabó el tiempo a {name}: se jugó {action} en su lugar.</translation>
    </message>
    <message>
        <source>Your time ran out: {action} was played for you.</source>
        <translation>Se te acabó el tiempo: se jugó {action} por ti.</translation>
    </message>
    <message>
        <source>Waiting for the first deal.</source>
        <translation>Esperando el primer reparto.</translation>
    </message>
    <message>
        <source>Who leads this hand?</source>
        <translation>¿Quién sale en esta mano?</translation>
    </message>
    <message>
        <source>Undo makes this match practice: it will not count in your statistics. Undo again to take your move back.</source>
        <translation>Deshacer convierte esta partida en práctica: no contará en tus estadísticas. Deshaz otra vez para retirar tu jugada.</translation>
    </message>
    <message>
        <source>You pass</source>
        <translation>Pasas</translation>
    </message>
    <message>
        <source>{name} passes</source>
        <translation>{name} pasa</translation>
    </message>
    <message>
        <source>Domino!</source>
        <translation>¡Dominó!</translation>
    </message>
    <message>
        <source>Capicúa!</source>
        <translation>¡Capicúa!</translation>
    </message>
    <message>
        <source>Six-love!</source>
        <translation>¡Seis a cero!</translation>
    </message>
    <message>
        <source>Shutout!</source>
        <translation>¡Zapato!</translation>
    </message>
    <message>
        <source>Match won!</source>
        <translation>¡Partida ganada!</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="690" />
        <source>Click the deck, or Next play, to cut it and deal.</source>
        <translation>Haz clic en la baraja, o en Siguiente jugada, para cortarla y repartir.</translation>
    </message>
    <message>
        <source>The deal is sealed: cut the deck to deal.</source>
        <translation>El reparto está sellado: corta la baraja para repartir.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="28" />
        <source>the best move</source>
        <translation>la mejor jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="29" />
        <source>the first legal tile</source>
        <translation>la primera ficha válida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="30" />
        <source>a pass</source>
        <translation>un pase</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="64" />
        <source>Whose turn</source>
        <translation>De quién es el turno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="67" />
        <source>Turn timer</source>
        <translation>Reloj del turno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="70" />
        <source>Draw (D)</source>
        <translation>Robar (D)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="70" />
        <source>Draw a tile</source>
        <translation>Robar una ficha</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="71" />
        <source>Pass (P)</source>
        <translation>Pasar (P)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="71" />
        <location filename="../../dominoes_desktop/ui/game_page.py" line="558" />
        <source>Pass</source>
        <translation>Pasar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="72" />
        <source>Hint (H)</source>
        <translation>Pista (H)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="72" />
        <source>Hint</source>
        <translation>Pista</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="73" />
        <source>Rules (?)</source>
        <translation>Reglas (?)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="73" />
        <source>House rules</source>
        <translation>Reglas de la casa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="74" />
        <source>New match</source>
        <translation>Partida nueva</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="83" />
        <source>Claim</source>
        <translation>Reclamar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="83" />
        <source>Claim the points</source>
        <translation>Reclamar los puntos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="85" />
        <location filename="../../dominoes_desktop/ui/game_page.py" line="416" />
        <source>Play on</source>
        <translation>Seguir</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="85" />
        <source>Play on without taking the points</source>
        <translation>Seguir sin tomar los puntos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="97" />
        <location filename="../../dominoes_desktop/ui/game_page.py" line="339" />
        <source>Tile tracker</source>
        <translation>Contador de fichas</translation>
    </message>
    <message>
        <source>Hidden until the next player shows their tiles.</source>
        <translation>Oculto hasta que el siguiente jugador muestre sus fichas.</translation>
    </message>
    <message>
        <source>Fills in when a new match begins.</source>
        <translation>Se rellena cuando empieza una partida nueva.</translation>
    </message>
    <message>
        <source>Fills in when the next hand begins.</source>
        <translation>Se rellena cuando empieza la siguiente mano.</translation>
    </message>
    <message>
        <source>Fills in when the hand begins.</source>
        <translation>Se rellena cuando empieza la mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="112" />
        <source>Moves</source>
        <translation>Jugadas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="136" />
        <source>Show my tiles</source>
        <translation>Mostrar mis fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="144" />
        <source>Deal again</source>
        <translation>Repartir de nuevo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="144" />
        <source>Ask for a redeal</source>
        <translation>Pedir que se reparta de nuevo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="145" />
        <source>Keep my tiles</source>
        <translation>Me quedo con mis fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="145" />
        <source>Keep these tiles</source>
        <translation>Quedarse con estas fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="293" />
        <source>Hand over</source>
        <translation>Mano terminada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="295" />
        <source>Waiting for a decision…</source>
        <translation>Esperando una decisión…</translation>
    </message>
    <message>
        <source>Claim your points or play on (below).</source>
        <translation>Reclama tus puntos o sigue (abajo).</translation>
    </message>
    <message>
        <source>Call Muggins or let them go (below).</source>
        <translation>Canta Muggins o déjalos pasar (abajo).</translation>
    </message>
    <message>
        <source>{tile} fits two ends: choose an end (click a marked end, or arrows and Enter; Esc to choose another tile).</source>
        <translation>{tile} cabe en dos puntas: elige una punta (haz clic en una punta marcada, o flechas e Intro; Esc para elegir otra ficha).</translation>
    </message>
    <message>
        <source>Your turn: no tile fits, so pass (P).</source>
        <translation>Te toca: ninguna ficha cabe, así que pasa (P).</translation>
    </message>
    <message>
        <source>Your turn: no tile fits, so draw (D).</source>
        <translation>Te toca: ninguna ficha cabe, así que roba (D).</translation>
    </message>
    <message>
        <source>Your turn.</source>
        <translation>Te toca.</translation>
    </message>
    <message>
        <source>Your turn: click a highlighted tile, or use the arrows and Enter.</source>
        <translation>Te toca: haz clic en una ficha resaltada, o usa las flechas e Intro.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="301" />
        <source>{name}, {tile} fits two ends: choose an end (click a marked end, or arrows and Enter; Esc to choose another tile).</source>
        <translation>{name}, {tile} cabe en dos puntas: elige una punta (haz clic en una punta marcada, o flechas e Intro; Esc para elegir otra ficha).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="306" />
        <source>{name}, your turn: no tile fits, so pass (P).</source>
        <translation>{name}, te toca: ninguna ficha cabe, así que pasa (P).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="308" />
        <source>{name}, your turn: no tile fits, so draw (D).</source>
        <translation>{name}, te toca: ninguna ficha cabe, así que roba (D).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="311" />
        <source>{name}, your turn: click a highlighted tile, or use the arrows and Enter.</source>
        <translation>{name}, te toca: haz clic en una ficha resaltada, o usa las flechas y Intro.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/play/game_page.py" line="486" />
        <source>{name}, your turn.</source>
        <translation>{name}, te toca.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="319" />
        <source>{name} is thinking…</source>
        <translation>{name} está pensando…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="319" />
        <source>{name} to play</source>
        <translation>Le toca a {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="339" />
        <source>Unseen by number: {counts}</source>
        <translation>Sin ver, por número: {counts}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="345" />
        <source>{name} has no {numbers}</source>
        <translation>{name} no tiene {numbers}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="373" />
        <source>Pass to {name}</source>
        <translation>Pásale la pantalla a {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="375" />
        <source>Everyone else, look away.</source>
        <translation>Los demás, no miren.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="378" />
        <source>I'm {name}: show my tiles</source>
        <translation>Soy {name}: muestra mis fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="379" />
        <source>Show {name}'s tiles</source>
        <translation>Mostrar las fichas de {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="389" />
        <source>Player {n}</source>
        <translation>Jugador {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="410" />
        <source>{name}: your play scored {points}. Claim it before the next tile, or an opponent may call Muggins.</source>
        <translation>{name}: tu jugada sumó {points}. Reclámalos antes de la próxima ficha, o un rival puede cantar Muggins.</translation>
    </message>
    <message>
        <source>Your play scored {points}. Claim it before the next tile, or an opponent may call Muggins.</source>
        <translation>Tu jugada sumó {points}. Reclámalos antes de la próxima ficha, o un rival puede cantar Muggins.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="413" />
        <source>Claim {points}</source>
        <translation>Reclamar {points}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="422" />
        <source>{points} points were left unclaimed. Call Muggins to take them!</source>
        <translation>Quedaron {points} puntos sin reclamar. ¡Canta Muggins y llévatelos!</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="429" />
        <source>Muggins! ({name})</source>
        <translation>¡Muggins! ({name})</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="429" />
        <source>Muggins for {name}</source>
        <translation>Muggins para {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="434" />
        <source>Let them go</source>
        <translation>Dejarlos pasar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="453" />
        <source>{name}, you were dealt {n} or more doubles.</source>
        <translation>{name}, te tocaron {n} dobles o más.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="455" />
        <source>You may ask for the whole table to be dealt again, once this hand.</source>
        <translation>Puedes pedir que se reparta de nuevo toda la mesa, una vez en esta mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="477" />
        <source>You lead</source>
        <translation>Sales tú</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="479" />
        <source>{name} leads</source>
        <translation>Sale {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="543" />
        <source>Thinking of a hint…</source>
        <translation>Pensando una pista…</translation>
    </message>
    <message>
        <source>Hints are off for this match.</source>
        <translation>Las pistas están desactivadas en esta partida.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="548" />
        <source>Hint: {advice} ({why})</source>
        <translation>Pista: {advice} ({why})</translation>
    </message>
    <message>
        <source>Hint: {advice}</source>
        <translation>Pista: {advice}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="554" />
        <source>Pose {tile}</source>
        <translation>sal con el {tile}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="555" />
        <source>Play {tile} on the {end}</source>
        <translation>juega el {tile} al {end}</translation>
    </message>
    <message>
        <source>Play {tile} on the {end} by the double</source>
        <translation>juega el {tile} al {end} del doble</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="557" />
        <source>Draw from the stock</source>
        <translation>roba del pozo</translation>
    </message>
    <message>
        <source>Pass</source>
        <comment>advice, after "Hint: "</comment>
        <translation>pasa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="569" />
        <location filename="../../dominoes_desktop/ui/game_page.py" line="611" />
        <source>— Hand {n} —</source>
        <translation>— Mano {n} —</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>Deshacer (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Take back your last move</source>
        <translation>Deshacer tu última jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="119" />
        <source>Duplicate match</source>
        <translation>Partida duplicada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="733" />
        <source>See the results</source>
        <translation>Ver los resultados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="733" />
        <source>Next play</source>
        <translation>Siguiente jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/game_page.py" line="312" />
        <source>Duplicate: this play is one hand; every deal counts</source>
        <translation>Duplicado: esta jugada es una mano; cuenta cada reparto</translation>
    </message>
    <message>
        <source>Your side won the last hand: who leads this hand?</source>
        <translation>Tu equipo ganó la mano anterior: ¿quién sale en esta?</translation>
    </message>
    <message>
        <source>Your side was drawn by lot to lead the first hand: who leads it?</source>
        <translation>A tu equipo le tocó salir en la primera mano por sorteo: ¿quién sale?</translation>
    </message>
    <message>
        <source>Nobody won the last hand; your side was drawn by lot to lead this one: who leads it?</source>
        <translation>Nadie ganó la mano anterior; a tu equipo le tocó salir en esta por sorteo: ¿quién sale?</translation>
    </message>
    <message>
        <source>Your side was drawn by lot to lead this hand: who leads it?</source>
        <translation>A tu equipo le tocó salir en esta mano por sorteo: ¿quién sale?</translation>
    </message>
    <message>
        <source>Your side chooses who leads this hand: who leads it?</source>
        <translation>Tu equipo elige quién sale en esta mano: ¿quién sale?</translation>
    </message>
    <message>
        <source>Your new tiles are on your rack.</source>
        <translation>Tus fichas nuevas ya están en tu atril.</translation>
    </message>
</context>
<context>
    <name>HandEndPanel</name>
    <message>
        <source>Rematch</source>
        <translation>Revancha</translation>
    </message>
    <message>
        <source>Rematch: the same players and rules again</source>
        <translation>Revancha: los mismos jugadores y las mismas reglas</translation>
    </message>
    <message>
        <source>First deal sealed: {fp} … Rematch cuts the deck.</source>
        <translation>Primer reparto sellado: {fp} … Revancha corta la baraja.</translation>
    </message>
    <message>
        <source>Fingerprint (SHA-256): {fp}</source>
        <translation>Huella (SHA-256): {fp}</translation>
    </message>
    <message>
        <source>Final score: {scores}.</source>
        <translation>Resultado final: {scores}.</translation>
    </message>
    <message>
        <source>You went out (domino).</source>
        <translation>¡Dominaste!</translation>
    </message>
    <message>
        <source>You won the locked table.</source>
        <translation>Ganaste el tranque.</translation>
    </message>
    <message>
        <source>Your side wins the locked table.</source>
        <translation>Tranque: gana tu pareja.</translation>
    </message>
    <message>
        <source>{side} win the locked table.</source>
        <translation>Tranque: gana la pareja de {side}.</translation>
    </message>
    <message>
        <source>A tie: the side that posed the first tile wins it.</source>
        <translation>Empate: gana la pareja que salió.</translation>
    </message>
    <message numerus="yes">
        <source>%n for the hand</source>
        <translation>
            <numerusform>%n por la mano</numerusform>
            <numerusform>%n por la mano</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in hand</source>
        <comment>losers' pips</comment>
        <translation>
            <numerusform>%n tanto</numerusform>
            <numerusform>%n tantos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n for the capicúa</source>
        <translation>
            <numerusform>%n de capicúa</numerusform>
            <numerusform>%n de capicúa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n for the key bone</source>
        <translation>
            <numerusform>%n por la ficha llave</numerusform>
            <numerusform>%n por la ficha llave</numerusform>
        </translation>
    </message>
    <message>
        <source>no tiles</source>
        <translation>sin fichas</translation>
    </message>
    <message>
        <source>Match score: {scores}.</source>
        <translation>Marcador de la partida: {scores}.</translation>
    </message>
    <message>
        <source>Each loser's pips are rounded to the nearest 5: {each}.</source>
        <translation>Los tantos de cada perdedor se redondean al 5 más cercano: {each}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="167" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="203" />
        <source>Details ▸</source>
        <translation>Detalles ▸</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="170" />
        <source>Details of the deal</source>
        <translation>Detalles del reparto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="178" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="182" />
        <source>Next hand</source>
        <translation>Siguiente mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="179" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="180" />
        <source>Review the hand</source>
        <translation>Repasar la mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="183" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="184" />
        <location filename="../../dominoes_desktop/ui/panels.py" line="261" />
        <source>New match</source>
        <translation>Partida nueva</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="203" />
        <source>Details ▾</source>
        <translation>Detalles ▾</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="207" />
        <source>Locked table and a tie: nobody wins this hand.</source>
        <translation>Tranque y empate: nadie gana esta mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="209" />
        <source>{name} went out (domino).</source>
        <translation>{name} dominó.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="211" />
        <source>{name} won the locked table.</source>
        <translation>{name} ganó el tranque.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="212" />
        <source>Match over.</source>
        <translation>Partida terminada.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="221" />
        <source>{side} won the match.</source>
        <translation>Partida ganada: {side}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="224" />
        <source>Match over</source>
        <translation>Partida terminada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="230" />
        <source>A reply! Both scores go back to zero.</source>
        <translation>¡Réplica! Los dos marcadores vuelven a cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="237" />
        <source>Capicúa!</source>
        <translation>¡Capicúa!</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="237" />
        <source>Key bone!</source>
        <translation>¡Ficha llave!</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="241" />
        <source>Everyone has won a hand: the scores go back to zero.</source>
        <translation>Todos han ganado una mano: los marcadores vuelven a cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="244" />
        <source>End points this hand: {points}.</source>
        <translation>Puntos de las puntas en esta mano: {points}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="223" />
        <source>Six-love!</source>
        <translation>¡Seis a cero!</translation>
    </message>
    <message>
        <source>Shutout!</source>
        <translation>¡Zapato!</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="232" />
        <source>%n hand(s) to {side}.</source>
        <translation>
            <numerusform>%n mano para {side}.</numerusform>
            <numerusform>%n manos para {side}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="235" />
        <source>%n point(s) to {side}.</source>
        <translation>
            <numerusform>%n punto para {side}.</numerusform>
            <numerusform>%n puntos para {side}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/panels.py" line="245" />
        <source>%n pip(s)</source>
        <translation>
            <numerusform>%n tanto</numerusform>
            <numerusform>%n tantos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="255" />
        <source>Deal seed {seed}: it deals this hand again for a review or a fair-deal check.</source>
        <translation>Semilla del reparto {seed}: vuelve a repartir esta mano para repasarla o comprobar que el reparto fue justo.</translation>
    </message>
</context>
<context>
    <name>LobbyPage</name>
    <message>
        <source>a double-{top} set deals {players} players at most {most} tiles each</source>
        <translation>un juego doble {top} da como mucho {most} fichas a cada uno de {players} jugadores</translation>
    </message>
    <message>
        <source>a draw game must leave tiles in the stock: a double-{top} set deals {players} players at most {most} tiles each</source>
        <translation>un juego de robo debe dejar fichas en el pozo: un juego doble {top} da como mucho {most} fichas a cada uno de {players} jugadores</translation>
    </message>
    <message>
        <source>this draw must leave three tiles in the stock (two sleep, one can be drawn): a double-{top} set deals {players} players at most {most} tiles each</source>
        <translation>este robo debe dejar tres fichas en el pozo (dos duermen, una se puede robar): un juego doble {top} da como mucho {most} fichas a cada uno de {players} jugadores</translation>
    </message>
    <message>
        <source>these options cannot be played together</source>
        <translation>estas opciones no se pueden jugar juntas</translation>
    </message>
    <message>
        <source>nobody plays at this screen: choose “{person}” for one of the players</source>
        <translation>nadie juega en esta pantalla: elige «{person}» para uno de los jugadores</translation>
    </message>
    <message>
        <source>First deal sealed: {fp} … Start cuts the deck.</source>
        <translation>Primer reparto sellado: {fp} … Empezar corta la baraja.</translation>
    </message>
    <message>
        <source>Fingerprint (SHA-256): {fp}</source>
        <translation>Huella (SHA-256): {fp}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="41" />
        <source>Caribbean</source>
        <translation>Caribe</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="42" />
        <source>Classic</source>
        <translation>Clásico</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="43" />
        <source>Point games</source>
        <translation>Juegos de puntos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="46" />
        <source>Every player for themselves</source>
        <translation>Cada uno por su cuenta</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="47" />
        <source>Players 1 &amp; 3 against 2 &amp; 4</source>
        <translation>Jugadores 1 y 3 contra 2 y 4</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="48" />
        <source>Players 1 &amp; 2 against 3 &amp; 4</source>
        <translation>Jugadores 1 y 2 contra 3 y 4</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="49" />
        <source>Players 1 &amp; 4 against 2 &amp; 3</source>
        <translation>Jugadores 1 y 4 contra 2 y 3</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="58" />
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="59" />
        <source>Person at this screen</source>
        <translation>Persona aquí</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="60" />
        <source>Empty</source>
        <translation>Vacío</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="63" />
        <source>Play the best move for them</source>
        <translation>Se hace la mejor jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="64" />
        <source>Play their first legal tile</source>
        <translation>Se juega su primera ficha válida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="65" />
        <source>Pass when allowed</source>
        <translation>Se pasa si se puede</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="97" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="99" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="442" />
        <source>Players</source>
        <translation>Jugadores</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="103" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="111" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="448" />
        <source>CPU {n}</source>
        <translation>CPU {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="104" />
        <source>Player {n} name</source>
        <translation>Nombre del jugador {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="113" />
        <source>Player {n}</source>
        <translation>Jugador {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="126" />
        <source>Host a match</source>
        <translation>Organiza una partida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="128" />
        <source>Invite players, choose your house rules, then press Start.</source>
        <translation>Invita jugadores, elige las reglas de la casa y pulsa Empezar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="130" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="131" />
        <source>Search presets</source>
        <translation>Buscar modalidades</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="134" />
        <source>Presets</source>
        <translation>Modalidades</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="140" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="177" />
        <source>House rules</source>
        <translation>Reglas de la casa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="145" />
        <source>Domino set</source>
        <translation>Juego de dominó</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="147" />
        <source>Double-{n}</source>
        <translation>Doble {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="149" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="180" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="207" />
        <source>Seats</source>
        <translation>Asientos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="152" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="181" />
        <source>Partners</source>
        <translation>Parejas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="156" />
        <source>Block or draw</source>
        <translation>Bloqueo o robo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="157" />
        <source>Block (pass when stuck)</source>
        <translation>Bloqueo (se pasa sin ficha)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="158" />
        <source>Draw (from the stock)</source>
        <translation>Robo (del pozo)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="160" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="186" />
        <source>Goal</source>
        <translation>Meta</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="161" />
        <source>Play to a target</source>
        <translation>Hasta un objetivo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="162" />
        <source>Single round</source>
        <translation>Una sola mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="164" />
        <source>Target</source>
        <translation>Objetivo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="167" />
        <source>Tiles dealt to each player</source>
        <translation>Fichas para cada jugador</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="171" />
        <source>Reset to preset</source>
        <translation>Deshacer cambios</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="172" />
        <source>Reset the options to the preset</source>
        <translation>Volver a las opciones de la modalidad</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="176" />
        <source>Why these options cannot be played</source>
        <translation>Por qué no se puede jugar con estas opciones</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="179" />
        <source>Set</source>
        <translation>Juego</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="182" />
        <source>Style</source>
        <translation>Estilo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="187" />
        <source>Tiles each</source>
        <translation>Se reparten</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="197" />
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="201" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="213" />
        <source>CPU difficulty</source>
        <translation>Dificultad de la CPU</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="202" />
        <source>Easy</source>
        <translation>Fácil</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="202" />
        <source>Medium</source>
        <translation>Medio</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="202" />
        <source>Hard</source>
        <translation>Difícil</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>Experto</translation>
    </message>
    <message>
        <source>Easy: about {elo} points of Elo above a player that picks at random.</source>
        <translation>Fácil: unos {elo} puntos de Elo más que quien juega al azar.</translation>
    </message>
    <message>
        <source>Medium: about {elo} points of Elo above a player that picks at random.</source>
        <translation>Medio: unos {elo} puntos de Elo más que quien juega al azar.</translation>
    </message>
    <message>
        <source>Hard: about {elo} points of Elo above a player that picks at random.</source>
        <translation>Difícil: unos {elo} puntos de Elo más que quien juega al azar.</translation>
    </message>
    <message>
        <source>Expert: about {elo} points of Elo above Hard.</source>
        <translation>Experto: unos {elo} puntos de Elo más que Difícil.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="205" />
        <source>CPUs fill empty seats</source>
        <translation>CPU en los asientos vacíos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="217" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="238" />
        <source>Turn timer</source>
        <translation>Reloj del turno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="219" />
        <source>Off</source>
        <translation>Apagado</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="219" />
        <source>{n} seconds</source>
        <translation>{n} segundos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="221" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="239" />
        <source>When time runs out</source>
        <translation>Si se acaba el tiempo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="225" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="240" />
        <source>Hands</source>
        <translation>Manos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="226" />
        <source>Hidden hands</source>
        <translation>Ocultas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="227" />
        <source>Open hands (practice)</source>
        <translation>A la vista (práctica)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="228" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="229" />
        <source>Tile tracker</source>
        <translation>Contador de fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="230" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="231" />
        <source>Hints</source>
        <translation>Pistas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="234" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="243" />
        <source>Stats group</source>
        <translation>Grupo de estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="236" />
        <source>At the table</source>
        <translation>En la mesa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="245" />
        <source>Start</source>
        <translation>Empezar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="247" />
        <source>Start the match</source>
        <translation>Empezar la partida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="397" />
        <location filename="../../dominoes_desktop/ui/lobby.py" line="469" />
        <source>Cannot start: {reason}.</source>
        <translation>No se puede empezar: {reason}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="399" />
        <source>Custom</source>
        <translation>Con cambios</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="404" />
        <source>Custom: {changes}</source>
        <translation>Con cambios: {changes}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="446" />
        <source>player {n} is empty: fill the place, or let CPUs fill empty seats</source>
        <translation>el asiento del jugador {n} está vacío: ocúpalo o marca «CPU en los asientos vacíos»</translation>
    </message>
    <message>
        <source>Friend (invited)</source>
        <translation>Amigo (invitado)</translation>
    </message>
    <message>
        <source>Their name</source>
        <translation>Su nombre</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="278" />
        <source>Duplicate match against the CPUs</source>
        <translation>Partida duplicada contra las CPU</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="281" />
        <source>Deals in the duplicate match</source>
        <translation>Repartos de la partida duplicada</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/lobby.py" line="283" />
        <source>%n deal(s)</source>
        <translation>
            <numerusform>%n reparto</numerusform>
            <numerusform>%n repartos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="288" />
        <source>Skill without luck</source>
        <translation>Habilidad sin suerte</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="502" />
        <source>Not with friends invited: a duplicate match is you against CPUs at this screen.</source>
        <translation>No con amigos invitados: en una partida duplicada juegas tú contra las CPU en esta pantalla.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="505" />
        <source>Not with pass-and-play: a duplicate match is one person against CPUs.</source>
        <translation>No en juego compartido: una partida duplicada es una persona contra las CPU.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="507" />
        <source>A duplicate match needs one person at this screen.</source>
        <translation>Una partida duplicada necesita una persona en esta pantalla.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="509" />
        <source>Let CPUs fill the empty seats to play a duplicate match.</source>
        <translation>Marca «CPU en los asientos vacíos» para jugar una partida duplicada.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="524" />
        <source>Each deal is played again with you in a CPU's seat, on the same tiles: your score is set against the CPUs', so the luck of the deal drops out.</source>
        <translation>Cada reparto se juega otra vez contigo en el asiento de una CPU, con las mismas fichas: tu puntuación se compara con la de las CPU, así la suerte del reparto no cuenta.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="531" />
        <source>A duplicate match is kept in the stats group Duplicate.</source>
        <translation>Una partida duplicada se guarda en el grupo de estadísticas Duplicado.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/lobby.py" line="524" />
        <source>Every deal is played once per side, on the same tiles, with everyone moved one seat on each time. Each play is one hand under the first-hand rule, with no redeal and no target; at the end your points are set against the CPUs' with the same tiles.</source>
        <translation>Cada reparto se juega una vez por equipo, con las mismas fichas, y cada vez todos se corren un asiento. Cada jugada es una mano con la regla de la primera mano, sin volver a repartir y sin objetivo; al final tus puntos se comparan con los de las CPU con las mismas fichas.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/lobby.py" line="528" />
        <source>Duplicate match: %n deal(s)</source>
        <translation>
            <numerusform>Partida duplicada: %n reparto</numerusform>
            <numerusform>Partida duplicada: %n repartos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/lobby.py" line="529" />
        <source>%n play(s) of one hand each.</source>
        <translation>
            <numerusform>%n jugada de una mano.</numerusform>
            <numerusform>%n jugadas de una mano cada una.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LookDialog</name>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="34" />
        <source>Ivory</source>
        <translation>Marfil</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="35" />
        <source>Bone</source>
        <translation>Hueso</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="36" />
        <source>Onyx</source>
        <translation>Ónix</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="37" />
        <source>Butterscotch</source>
        <translation>Caramelo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="38" />
        <source>Cherry</source>
        <translation>Cerezo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="39" />
        <source>Jade</source>
        <translation>Jade</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="40" />
        <source>Mother-of-pearl</source>
        <translation>Nácar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="41" />
        <source>Marble</source>
        <translation>Mármol</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="42" />
        <source>Ebony</source>
        <translation>Ébano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="43" />
        <source>Two-tone</source>
        <translation>Dos tonos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="44" />
        <source>Green felt</source>
        <translation>Paño verde</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="45" />
        <source>Mahogany</source>
        <translation>Caoba</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="46" />
        <source>Beach</source>
        <translation>Playa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="47" />
        <source>Rum shop</source>
        <translation>Colmado</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="48" />
        <source>Night</source>
        <translation>Noche</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look.py" line="49" />
        <source>High contrast</source>
        <translation>Alto contraste</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="34" />
        <source>Automatic (numerals for 7 to 12)</source>
        <translation>Automático (números del 7 al 12)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="35" />
        <source>Classic dots</source>
        <translation>Puntos clásicos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="36" />
        <source>Coloured dots</source>
        <translation>Puntos de colores</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="37" />
        <source>Numerals</source>
        <translation>Números</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="40" />
        <source>Brass</source>
        <translation>Latón</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="41" />
        <source>Silver</source>
        <translation>Plata</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="42" />
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="44" />
        <source>Top-down</source>
        <translation>Desde arriba</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="44" />
        <source>Tilted</source>
        <translation>Inclinada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="46" />
        <source>Full</source>
        <translation>Completo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="47" />
        <source>Reduced (no flying tiles)</source>
        <translation>Reducido (sin fichas volando)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="50" />
        <source>Drawn as a cross</source>
        <translation>Dibujados en cruz</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="51" />
        <source>One row per arm (small screens)</source>
        <translation>Una fila por brazo (pantallas pequeñas)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="54" />
        <source>Slow</source>
        <translation>Lenta</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="55" />
        <source>Normal</source>
        <translation>Normal</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="56" />
        <source>Fast</source>
        <translation>Rápida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="109" />
        <source>Your view</source>
        <translation>Tu vista</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="120" />
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="121" />
        <source>Search flags</source>
        <translation>Buscar banderas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="124" />
        <source>Rack flag</source>
        <translation>Bandera de tus fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="126" />
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="127" />
        <source>No flags match</source>
        <translation>Ninguna bandera coincide</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="141" />
        <source>Cross games</source>
        <translation>Juegos en cruz</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="145" />
        <source>Rack flag (the backs of your tiles)</source>
        <translation>Bandera (el dorso de tus fichas)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="181" />
        <source>Plain</source>
        <translation>Lisa</translation>
    </message>
</context>
<context>
    <name>LookPreview</name>
    <message>
        <location filename="../../dominoes_desktop/ui/look_dialog.py" line="67" />
        <source>Preview of the table</source>
        <translation>Vista previa de la mesa</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>The settings file was damaged; it was kept as {kept} and the defaults are used.</source>
        <translation>El archivo de ajustes estaba dañado; se guardó como {kept} y se usan los ajustes predeterminados.</translation>
    </message>
    <message>
        <source>The settings file {file} was damaged and could not be moved aside, so it was ignored.</source>
        <translation>El archivo de ajustes {file} estaba dañado y no se pudo apartar, así que no se usó.</translation>
    </message>
    <message>
        <source>When my side &amp;wins, I lead</source>
        <translation>Cuando gana mi equipo, &amp;salgo yo</translation>
    </message>
    <message>
        <source>Pass for me when &amp;nothing fits</source>
        <translation>Pasar por mí cuando &amp;nada quepa</translation>
    </message>
    <message>
        <source>&amp;Go on to the next hand by itself</source>
        <translation>Seguir con la siguiente &amp;mano automáticamente</translation>
    </message>
    <message>
        <source>A deal played again: the same tiles as sealed deal {fingerprint}, as a new match.</source>
        <translation>Un reparto jugado de nuevo: las mismas fichas que el reparto sellado {fingerprint}, como partida nueva.</translation>
    </message>
    <message>
        <source>A deal played again: the same tiles, as a new match.</source>
        <translation>Un reparto jugado de nuevo: las mismas fichas, como partida nueva.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="86" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="164" />
        <source>Dominoes Desktop</source>
        <translation>Dominó de Escritorio</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="99" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="176" />
        <source>Welcome to the table.</source>
        <translation>Bienvenido a la mesa.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="137" />
        <source>Back to the table</source>
        <translation>Volver a la mesa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="139" />
        <source>Back to the match at the table</source>
        <translation>Volver a la partida de la mesa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="210" />
        <source>&amp;Game</source>
        <translation>&amp;Juego</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="211" />
        <source>&amp;New match</source>
        <translation>Partida &amp;nueva</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="214" />
        <source>House &amp;rules</source>
        <translation>&amp;Reglas de la casa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="217" />
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="220" />
        <source>&amp;Save match as…</source>
        <translation>&amp;Guardar partida como…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="223" />
        <source>&amp;Open match…</source>
        <translation>&amp;Abrir partida…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="226" />
        <source>S&amp;tatistics…</source>
        <translation>&amp;Estadísticas…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="229" />
        <source>Re&amp;view hands…</source>
        <translation>Re&amp;pasar manos…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="234" />
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="235" />
        <source>Your &amp;view…</source>
        <translation>Tu &amp;vista…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="239" />
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="242" />
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="250" />
        <source>Zoom &amp;in</source>
        <translation>&amp;Acercar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="251" />
        <source>Zoom &amp;out</source>
        <translation>A&amp;lejar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="252" />
        <source>&amp;Actual size</source>
        <translation>&amp;Tamaño normal</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="258" />
        <source>Side &amp;panel</source>
        <translation>&amp;Panel lateral</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="263" />
        <source>&amp;Sound</source>
        <translation>S&amp;onido</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="264" />
        <source>&amp;Mute</source>
        <translation>&amp;Silenciar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="272" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="278" />
        <source>Volume</source>
        <translation>Volumen</translation>
    </message>
    <message>
        <source>Speak through the table&apos;s &amp;description (Orca before 45.2)</source>
        <translation>Hablar por la &amp;descripción de la mesa (Orca anterior a la 45.2)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="283" />
        <source>&amp;High contrast</source>
        <translation>Alto &amp;contraste</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="305" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="411" />
        <source>Could not save the match: {reason}</source>
        <translation>No se pudo guardar la partida: {reason}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="322" />
        <source>Could not keep the finished match: {reason}</source>
        <translation>No se pudo guardar la partida terminada: {reason}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="328" />
        <source>No finished hand to review yet.</source>
        <translation>Todavía no hay manos terminadas para repasar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="345" />
        <source>Statistics are kept when the game has a data folder.</source>
        <translation>Las estadísticas se guardan cuando el juego tiene una carpeta de datos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="353" />
        <source>Statistics</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="358" />
        <source>Saved match</source>
        <translation>Partida guardada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="365" />
        <source>Resume your match?</source>
        <translation>¿Seguir tu partida?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="367" />
        <source>You have an unfinished {preset} match (hand {hand}; match score: {score}). Resume it where you left off?</source>
        <translation>Tienes una partida de {preset} sin terminar (mano {hand}; marcador: {score}). ¿La sigues donde la dejaste?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="398" />
        <source>There is no match to save yet.</source>
        <translation>Todavía no hay partida que guardar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="401" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="410" />
        <source>Save match</source>
        <translation>Guardar partida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="401" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="419" />
        <source>Dominoes matches (*.domino)</source>
        <translation>Partidas de dominó (*.domino)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="414" />
        <source>Saved to {file}</source>
        <translation>Guardada en {file}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="419" />
        <location filename="../../dominoes_desktop/ui/main_window.py" line="429" />
        <source>Open match</source>
        <translation>Abrir partida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="430" />
        <source>Could not open {file}: {reason}</source>
        <translation>No se pudo abrir {file}: {reason}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="437" />
        <source>Start a new match?</source>
        <translation>¿Empezar una partida nueva?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="438" />
        <source>The match at the table is not over. Starting a new one ends it.</source>
        <translation>La partida de la mesa no ha terminado. Si empiezas otra, esa termina.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="439" />
        <source>Start a new match</source>
        <translation>Empezar una partida nueva</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="440" />
        <source>Keep it</source>
        <translation>Conservarla</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="455" />
        <source>CPU {n}</source>
        <translation>CPU {n}</translation>
    </message>
    <message>
        <source>The statistics are in use by another program; this result will be recorded later.</source>
        <translation>Otro programa está usando las estadísticas; este resultado se registrará más tarde.</translation>
    </message>
    <message>
        <source>The statistics cannot be written ({reason}); this result is kept and will be recorded later.</source>
        <translation>No se pueden escribir las estadísticas ({reason}); este resultado se guarda y se registrará más tarde.</translation>
    </message>
    <message>
        <source>The statistics cannot be written ({reason}); this result could not be kept.</source>
        <translation>No se pueden escribir las estadísticas ({reason}); este resultado no se pudo guardar.</translation>
    </message>
    <message>
        <source>Could not read or write the game's files: {reason}</source>
        <translation>No se pudieron leer o escribir los archivos del juego: {reason}</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="488" />
        <source>Leave the table?</source>
        <translation>¿Dejar la mesa?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="490" />
        <source>This match is not over. It is kept: the lobby's "Back to the table" returns to it, until you start another.</source>
        <translation>Esta partida no ha terminado. Se guarda: «Volver a la mesa», en la sala, te lleva de nuevo a ella hasta que empieces otra.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="493" />
        <source>Go to the lobby</source>
        <translation>Ir a la sala</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="494" />
        <source>Stay at the table</source>
        <translation>Seguir en la mesa</translation>
    </message>
    <message>
        <source>Play this deal again?</source>
        <translation>¿Jugar este reparto otra vez?</translation>
    </message>
    <message>
        <source>This match is not over. Playing the deal again starts a new match and this one is lost.</source>
        <translation>Esta partida no ha terminado. Jugar el reparto otra vez empieza una partida nueva y esta se pierde.</translation>
    </message>
    <message>
        <source>Play the deal again</source>
        <translation>Jugar el reparto otra vez</translation>
    </message>
    <message>
        <source>Keep this match</source>
        <translation>Seguir con esta partida</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="547" />
        <source>Quit Dominoes Desktop?</source>
        <translation>¿Salir de Dominó de Escritorio?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="548" />
        <source>This match is not over. It is kept, and offered to you the next time the game starts.</source>
        <translation>Esta partida no ha terminado. Se guarda y se te ofrecerá la próxima vez que abras el juego.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="549" />
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="550" />
        <source>Stay</source>
        <translation>Quedarme</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="439" />
        <source>You have an unfinished duplicate {preset} match (deal {deal} of {deals}, play {play} of {plays}). Resume it where you left off?</source>
        <translation>Tienes una partida duplicada de {preset} sin terminar (reparto {deal} de {deals}, jugada {play} de {plays}). ¿La continúas donde la dejaste?</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="249" />
        <source>&amp;Duplicate results…</source>
        <translation>Resultados del &amp;duplicado…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="402" />
        <source>No duplicate match is being played.</source>
        <translation>No se está jugando ninguna partida duplicada.</translation>
    </message>
    <message>
        <source>Fair deals</source>
        <translation>Repartos justos</translation>
    </message>
</context>
<context>
    <name>MoveLog</name>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="113" />
        <source>Move log</source>
        <translation>Registro de jugadas</translation>
    </message>
</context>
<context>
    <name>Moves</name>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="54" />
        <source> &amp; </source>
        <translation> y </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="128" />
        <source>{name} played {tile} (pose)</source>
        <translation>{name} salió con {tile}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="129" />
        <source>{name} played {tile} on the {end}</source>
        <translation>{name} jugó {tile} al {end}</translation>
    </message>
    <message>
        <source>{name} played {tile} on the {end} by the double</source>
        <translation>{name} jugó {tile} al {end} del doble</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="131" />
        <source>{name} passed</source>
        <translation>{name} pasó</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="133" />
        <source>{name} drew from the stock</source>
        <translation>{name} robó del pozo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="135" />
        <source>{name} claimed {points}</source>
        <translation>{name} se anotó {points}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="136" />
        <source>{name} called Muggins: {points}</source>
        <translation>{name} cantó Muggins: {points}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="149" />
        <source>You claimed {points}</source>
        <translation>Te anotaste {points}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="150" />
        <source>You called Muggins: {points}</source>
        <translation>Cantaste Muggins: {points}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="142" />
        <source>You played {tile} (pose)</source>
        <translation>Saliste con {tile}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="143" />
        <source>You played {tile} on the {end}</source>
        <translation>Jugaste {tile} al {end}</translation>
    </message>
    <message>
        <source>You played {tile} on the {end} by the double</source>
        <translation>Jugaste {tile} al {end} del doble</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="145" />
        <source>You passed</source>
        <translation>Pasaste</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="147" />
        <source>You drew from the stock</source>
        <translation>Robaste del pozo</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/play/panels.py" line="386" />
        <source>You drew %n tile(s) from the stock</source>
        <translation>
            <numerusform>Robaste %n ficha del pozo</numerusform>
            <numerusform>Robaste %n fichas del pozo</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/play/panels.py" line="388" />
        <source>{name} drew %n tile(s) from the stock</source>
        <translation>
            <numerusform>{name} robó %n ficha del pozo</numerusform>
            <numerusform>{name} robó %n fichas del pozo</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="24" />
        <source>The classic yard game: partners, a block game to six hands, and the 6-6 to pose the first hand.</source>
        <translation>El juego clásico del patio: en parejas, bloqueo a seis manos, y el doble seis sale en la primera mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="27" />
        <source>Scores only ever read n-0: a reply wipes the board, and a key-bone domino earns an extra point.</source>
        <translation>El marcador siempre va n a 0: una réplica lo borra todo, y dominar con la ficha llave da un punto más.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="30" />
        <source>Partners play a block game to six hands; the highest double poses the first hand.</source>
        <translation>En parejas, bloqueo a seis manos; el doble más alto sale en la primera mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="33" />
        <source>Partners play a block game to six hands, as Bajans play it.</source>
        <translation>En parejas, bloqueo a seis manos, como se juega en Barbados.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="34" />
        <source>Every pip left on the table, your own side's included, goes to the winners.</source>
        <translation>Todos los tantos que quedan en la mesa, también los de tu equipo, son para los ganadores.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="37" />
        <source>Going out with a capicúa (a tile that fits both ends) earns thirty extra points.</source>
        <translation>Dominar con capicúa (una ficha que cabe en las dos puntas) da treinta puntos más.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="40" />
        <source>Double-nine with ten tiles each and fifteen asleep; five doubles in your hand lets you ask for a redeal.</source>
        <translation>Doble nueve con diez fichas cada uno y quince dormidas; con cinco dobles puedes pedir otro reparto.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="44" />
        <source>Every player for themselves, the 0-0 taken out; once all have won a hand the scores go back to zero.</source>
        <translation>Cada uno por su cuenta, sin el doble blanco; cuando todos han ganado una mano, los marcadores vuelven a cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="48" />
        <source>A plain block game: pass when stuck, the winner takes the opponents' pips.</source>
        <translation>Bloqueo sencillo: se pasa sin ficha y el ganador se lleva los tantos de los rivales.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="49" />
        <source>Draw from the stock until something fits.</source>
        <translation>Se roba del pozo hasta que algo quepa.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="50" />
        <source>The textbook block game, scored by the difference in pips.</source>
        <translation>El bloqueo de libro, contado por la diferencia de tantos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="51" />
        <source>The textbook draw game, scored by the difference in pips.</source>
        <translation>El juego de robo de libro, contado por la diferencia de tantos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="52" />
        <source>The first double opens four arms, and each must be started before any grows.</source>
        <translation>El primer doble abre cuatro brazos, y cada uno debe empezarse antes de que alguno crezca.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="55" />
        <source>Every double becomes a spinner that sprouts two new branches.</source>
        <translation>Cada doble es un molinete que abre dos ramas nuevas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="56" />
        <source>The big double-twelve set, with spinners at every double.</source>
        <translation>El gran juego doble doce, con molinetes en cada doble.</translation>
    </message>
    <message>
        <source>The online room for friends: two to four players, partners if you like, and the hand's winner leads the next.</source>
        <translation>La sala en línea para amigos: de dos a cuatro jugadores, en parejas si queréis, y quien gana la mano sale en la siguiente.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="57" />
        <source>Make the open ends add up to a multiple of five and claim the points, or lose them to Muggins.</source>
        <translation>Haz que las puntas sumen un múltiplo de cinco y reclama los puntos, o los pierdes con un Muggins.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="60" />
        <source>Multiples of five and of three both score.</source>
        <translation>Cuentan los múltiplos de cinco y los de tres.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="64" />
        <source>Jamaican partners</source>
        <translation>Parejas jamaicanas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="65" />
        <source>Jamaican six-love</source>
        <translation>Seis a cero jamaicano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="66" />
        <source>Trinidad &amp; Tobago</source>
        <translation>Trinidad y Tobago</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="67" />
        <source>Barbados</source>
        <translation>Barbados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="68" />
        <source>Puerto Rican</source>
        <translation>Puertorriqueño</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="69" />
        <source>Dominican</source>
        <translation>Dominicano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="70" />
        <source>Cuban</source>
        <translation>Cubano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="71" />
        <source>Cutthroat</source>
        <translation>A muerte</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="72" />
        <source>Block (house rules)</source>
        <translation>Bloqueo (de la casa)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="73" />
        <source>Draw (house rules)</source>
        <translation>Robo (de la casa)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="74" />
        <source>Block (classic)</source>
        <translation>Bloqueo (clásico)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="75" />
        <source>Draw (classic)</source>
        <translation>Robo (clásico)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="76" />
        <source>Cross</source>
        <translation>Cruz</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="77" />
        <source>Double-nine Cross</source>
        <translation>Cruz doble nueve</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="78" />
        <source>Double-twelve Cross</source>
        <translation>Cruz doble doce</translation>
    </message>
    <message>
        <source>Friends' room</source>
        <translation>Sala de amigos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="79" />
        <source>All Fives (Muggins)</source>
        <translation>A los cincos (Muggins)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="80" />
        <source>All Fives and Threes</source>
        <translation>A los cincos y treses</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="84" />
        <source>target</source>
        <translation>objetivo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="85" />
        <source>single round</source>
        <translation>una sola mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="86" />
        <source>set</source>
        <translation>juego</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="87" />
        <source>seats</source>
        <translation>asientos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="88" />
        <source>partners</source>
        <translation>parejas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="89" />
        <source>block or draw</source>
        <translation>bloqueo o robo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="90" />
        <source>deal size</source>
        <translation>fichas repartidas</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message numerus="yes">
        <source>%n hand(s) to {side}</source>
        <translation>
            <numerusform>%n mano para {side}</numerusform>
            <numerusform>%n manos para {side}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n point(s) to {side}</source>
        <translation>
            <numerusform>%n punto para {side}</numerusform>
            <numerusform>%n puntos para {side}</numerusform>
        </translation>
    </message>
    <message>
        <source>This hand cannot be verified.</source>
        <translation>Esta mano no se puede verificar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="44" />
        <source>Hand review</source>
        <translation>Repaso de la mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="52" />
        <source>The hand under review</source>
        <translation>La mano que se repasa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="54" />
        <source>Hand</source>
        <translation>Mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="60" />
        <source>nobody won</source>
        <translation>nadie ganó</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="64" />
        <source>Hand {n}: {won}. Match score: {score}.</source>
        <translation>Mano {n}: {won}. Marcador: {score}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="69" />
        <source>First</source>
        <translation>Primera</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="70" />
        <source>Back</source>
        <translation>Atrás</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="71" />
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="72" />
        <source>Last</source>
        <translation>Última</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="73" />
        <source>Play this deal again</source>
        <translation>Jugar este reparto otra vez</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="114" />
        <source>Dealt (deal seed {seed}). {n} moves.</source>
        <translation>Repartido (semilla {seed}). {n} jugadas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="114" />
        <source>Dealt: {hands}. {n} moves.</source>
        <translation>Repartido: {hands}. {n} jugadas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/review_dialog.py" line="117" />
        <source>Move {k} of {n}: {move}</source>
        <translation>Jugada {k} de {n}: {move}</translation>
    </message>
    <message>
        <source>This hand's seal does not match: it cannot be verified.</source>
        <translation>El sello de esta mano no coincide: no se puede verificar.</translation>
    </message>
    <message>
        <source>The seal of hand {n} does not match: that hand cannot be verified.</source>
        <translation>El sello de la mano {n} no coincide: esa mano no se puede verificar.</translation>
    </message>
    <message>
        <source>The seals of hands {list} do not match: those hands cannot be verified.</source>
        <translation>Los sellos de las manos {list} no coinciden: esas manos no se pueden verificar.</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>The player with the fewest pips wins; a tie means nobody wins.</source>
        <translation>Gana el jugador con menos tantos; si empatan, nadie gana.</translation>
    </message>
    <message>
        <source>The player with the fewest pips wins; on a tie, the player who posed wins.</source>
        <translation>Gana el jugador con menos tantos; si empatan, gana el que salió.</translation>
    </message>
    <message>
        <source>The winner scores the pips left in the others' hands.</source>
        <translation>El ganador se anota los tantos que quedan en las manos de los demás.</translation>
    </message>
    <message>
        <source>The winner scores every pip left on the table, their own included.</source>
        <translation>El ganador se anota todos los tantos que quedan en la mesa, también los suyos.</translation>
    </message>
    <message numerus="yes">
        <source>The first player to reach %n point(s) wins the match.</source>
        <translation>
            <numerusform>Gana la partida el primer jugador que llegue a %n punto.</numerusform>
            <numerusform>Gana la partida el primer jugador que llegue a %n puntos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first side to reach %n point(s) wins the match.</source>
        <translation>
            <numerusform>Gana la partida el primer equipo que llegue a %n punto.</numerusform>
            <numerusform>Gana la partida el primer equipo que llegue a %n puntos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first player to reach %n hand(s) wins the match.</source>
        <translation>
            <numerusform>Gana la partida el primer jugador que llegue a %n mano.</numerusform>
            <numerusform>Gana la partida el primer jugador que llegue a %n manos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The first side to reach %n hand(s) wins the match.</source>
        <translation>
            <numerusform>Gana la partida el primer equipo que llegue a %n mano.</numerusform>
            <numerusform>Gana la partida el primer equipo que llegue a %n manos.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="110" />
        <source>seat {n}</source>
        <translation>asiento {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="1" />
        <source>{words}, link</source>
        <translation>{words}, enlace</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="111" />
        <source> and </source>
        <translation> y </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="114" />
        <source>{players} players in two partnerships ({pairs}); partners sit opposite, so turns alternate between the sides.</source>
        <translation>{players} jugadores en dos parejas ({pairs}); los compañeros se sientan de frente, así que los turnos alternan entre las parejas.</translation>
    </message>
    <message>
        <source> &amp; </source>
        <translation> y </translation>
    </message>
    <message>
        <source>Players {first} play against players {second}; around the table sit players {order}.</source>
        <translation>Los jugadores {first} juegan contra los jugadores {second}; alrededor de la mesa se sientan los jugadores {order}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="118" />
        <source>{players} players, each playing for themselves.</source>
        <translation>{players} jugadores, cada uno por su cuenta.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="119" />
        <source>Play goes counter-clockwise: the next player sits on your right.</source>
        <translation>Se juega en sentido contrario a las agujas del reloj: el siguiente jugador está a tu derecha.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="120" />
        <source>A double-{top} set: {tiles} tiles.</source>
        <translation>Un juego doble {top}: {tiles} fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="122" />
        <source>Taken out: {tiles}.</source>
        <translation>Se quita: {tiles}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="124" />
        <source>Each player gets {n} tiles.</source>
        <translation>Cada jugador recibe {n} fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="126" />
        <source>The other {n} sleep face down and never come into play.</source>
        <translation>Las otras {n} duermen boca abajo y nunca entran en juego.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="128" />
        <source>The other {n} form the stock; the last two are never drawn.</source>
        <translation>Las otras {n} forman el pozo; las dos últimas nunca se roban.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="130" />
        <source>The other {n} form the stock.</source>
        <translation>Las otras {n} forman el pozo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="132" />
        <source>One hand decides the match; if nobody comes out ahead, another hand is played.</source>
        <translation>Una mano decide la partida; si nadie queda por delante, se juega otra.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="138" />
        <source>It only counts if an opponent is still on zero.</source>
        <translation>Solo cuenta si algún rival sigue en cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="140" />
        <source>The holder of the highest double must pose it (with no doubles dealt, the heaviest tile).</source>
        <translation>Quien tiene el doble más alto debe salir con él (si no se repartió ningún doble, con la ficha más pesada).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="143" />
        <source>The holder of the highest double leads, with any tile.</source>
        <translation>Sale quien tiene el doble más alto, con cualquier ficha.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="144" />
        <source>A side is drawn at random; it chooses which partner leads, with any tile.</source>
        <translation>Se sortea un equipo; este elige qué compañero sale, con cualquier ficha.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="147" />
        <source>The holder of the highest double poses it; with no double dealt, the tiles are shuffled and dealt again.</source>
        <translation>Quien tiene el doble más alto sale con él; si no se repartió ningún doble, se baraja y se reparte de nuevo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="151" />
        <source>The holder of the highest double leads with any tile; with no double dealt, the tiles are dealt again.</source>
        <translation>Quien tiene el doble más alto sale con cualquier ficha; si no se repartió ningún doble, se reparte de nuevo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="157" />
        <source>After a win, either partner of the winning side leads, any tile.</source>
        <translation>Tras una victoria, sale cualquiera de los dos compañeros ganadores, con cualquier ficha.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="160" />
        <source>After a win, the winner leads the next hand, any tile.</source>
        <translation>Tras una victoria, el ganador sale en la siguiente mano, con cualquier ficha.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="161" />
        <source>Every hand opens the same way.</source>
        <translation>Todas las manos se abren igual.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="164" />
        <source>After a tied block, the lead passes to the next player.</source>
        <translation>Tras un tranque empatado, la salida pasa al siguiente jugador.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="166" />
        <source>After a tied block, the first hand's rule applies again.</source>
        <translation>Tras un tranque empatado, vuelve a aplicarse la regla de la primera mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="168" />
        <source>Tiles join the two ends of a single line; doubles sit crosswise.</source>
        <translation>Las fichas se unen a las dos puntas de una sola línea; los dobles van atravesados.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="169" />
        <source>The pose is a double that opens four arms; the next four tiles must each start a different arm before any arm grows.</source>
        <translation>La salida es un doble que abre cuatro brazos; las cuatro fichas siguientes deben empezar cada una un brazo distinto antes de que alguno crezca.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="174" />
        <source>The pose is a double that opens four arms, each started before any grows; every later double sprouts two new branches.</source>
        <translation>La salida es un doble que abre cuatro brazos, que se empiezan todos antes de que alguno crezca; cada doble posterior abre dos ramas nuevas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="181" />
        <source>With no tile that fits, you pass. Every pass is shown to all.</source>
        <translation>Si ninguna ficha cabe, pasas. Todos ven cada pase.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="182" />
        <source>With no tile that fits, draw from the stock until one does; pass only when the stock is empty.</source>
        <translation>Si ninguna ficha cabe, roba del pozo hasta que alguna quepa; solo se pasa con el pozo vacío.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="185" />
        <source>With no tile that fits, draw one tile and your turn ends; with two or fewer tiles left in the stock, pass.</source>
        <translation>Si ninguna ficha cabe, roba una ficha y termina tu turno; con dos fichas o menos en el pozo, pasa.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="191" />
        <source>You must play if you can.</source>
        <translation>Si puedes jugar, debes jugar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="193" />
        <source>When every player passes in turn, the table is locked (tranque).</source>
        <translation>Cuando todos pasan seguidos, la mesa queda trancada (tranque).</translation>
    </message>
    <message>
        <source>When every player passes in turn, the table is locked (a block).</source>
        <translation>Cuando todos pasan seguidos, la mesa queda trancada (tranque).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="196" />
        <source>The player with the fewest pips wins it for their side; a tie between opponents means nobody wins.</source>
        <translation>El jugador con menos tantos lo gana para su equipo; si empatan rivales, nadie gana.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="200" />
        <source>The side with the fewest pips wins; a tie means nobody wins.</source>
        <translation>Gana el equipo con menos tantos; si empatan, nadie gana.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="201" />
        <source>The side with the fewest pips wins; on a tie, the side that posed wins.</source>
        <translation>Gana el equipo con menos tantos; si empatan, gana el equipo que salió.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="207" />
        <source>Each hand won counts one.</source>
        <translation>Cada mano ganada cuenta una.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="208" />
        <source>The winners score the pips left in their opponents' hands.</source>
        <translation>Los ganadores se anotan los tantos que quedan en las manos de los rivales.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="209" />
        <source>The winners score every pip left on the table, their own included.</source>
        <translation>Los ganadores se anotan todos los tantos que quedan en la mesa, también los suyos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="210" />
        <source>Going out scores the losers' pips; a locked table scores each loser's pips minus the winner's.</source>
        <translation>Al dominar se anotan los tantos de los perdedores; en un tranque, los tantos de cada perdedor menos los del ganador.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="213" />
        <source>As the classic count, with each loser's pips rounded to the nearest five.</source>
        <translation>Como la cuenta clásica, con los tantos de cada perdedor redondeados al cinco más cercano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="218" />
        <source>During play, when the open ends add up to a multiple of five, the player scores that many points (a double at an end counts both halves).</source>
        <translation>Durante el juego, cuando las puntas suman un múltiplo de cinco, el jugador se anota esos puntos (un doble en una punta cuenta sus dos mitades).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="224" />
        <source>During play, when the open ends add up to a multiple of five or three, the player scores that many points (a double at an end counts both halves).</source>
        <translation>Durante el juego, cuando las puntas suman un múltiplo de cinco o de tres, el jugador se anota esos puntos (un doble en una punta cuenta sus dos mitades).</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="230" />
        <source>You must claim them before the next tile, or an opponent may call Muggins and take them.</source>
        <translation>Debes reclamarlos antes de la siguiente ficha, o un rival puede cantar Muggins y llevárselos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="234" />
        <source>Capicúa: going out with a tile that fits both ends adds {n}.</source>
        <translation>Capicúa: dominar con una ficha que cabe en las dos puntas suma {n}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="238" />
        <source>Key bone: going out on a number with no tile of it left unplayed adds {n}.</source>
        <translation>Ficha llave: dominar sobre un número del que ya no queda ninguna ficha sin jugar suma {n}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="242" />
        <source>A reply (winning while the others have points) wipes both scores back to zero.</source>
        <translation>Una réplica (ganar mientras los otros tienen puntos) devuelve los dos marcadores a cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="246" />
        <source>Once every player has won a hand, all scores go back to zero.</source>
        <translation>Cuando todos han ganado una mano, todos los marcadores vuelven a cero.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="248" />
        <source>A player dealt {n} or more doubles may ask for a redeal, once a hand.</source>
        <translation>Quien recibe {n} dobles o más puede pedir otro reparto, una vez por mano.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="253" />
        <source>This match is customised: {changes} changed by the host.</source>
        <translation>Esta partida tiene cambios: el anfitrión cambió {changes}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="257" />
        <source>The table</source>
        <translation>La mesa</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="258" />
        <source>The bones</source>
        <translation>Las fichas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="259" />
        <source>The deal</source>
        <translation>El reparto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="260" />
        <source>The goal</source>
        <translation>La meta</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="261" />
        <source>How a hand starts</source>
        <translation>Cómo empieza una mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="262" />
        <source>Play and pass</source>
        <translation>Jugar y pasar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="263" />
        <source>When the table locks</source>
        <translation>Cuando la mesa se tranca</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="264" />
        <source>How a win counts</source>
        <translation>Cómo cuenta una victoria</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="265" />
        <source>What makes it special</source>
        <translation>Lo que la hace especial</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/rules_page.py" line="270" />
        <source> · custom</source>
        <translation> · con cambios</translation>
    </message>
</context>
<context>
    <name>RulesDialog</name>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="60" />
        <source>House rules: {name}</source>
        <translation>Reglas de la casa: {name}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/main_window.py" line="63" />
        <source>House rules</source>
        <translation>Reglas de la casa</translation>
    </message>
</context>
<context>
    <name>ScorePanel</name>
    <message numerus="yes">
        <source>First to %n point(s)</source>
        <translation>
            <numerusform>El primero a %n punto</numerusform>
            <numerusform>El primero a %n puntos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>First to %n hand(s)</source>
        <translation>
            <numerusform>El primero a %n mano</numerusform>
            <numerusform>El primero a %n manos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="63" />
        <source>Score</source>
        <translation>Marcador</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="68" />
        <source>Scores</source>
        <translation>Marcadores</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="90" />
        <source>Single round</source>
        <translation>Una sola mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="96" />
        <source> (six-love: an opponent must be on zero)</source>
        <translation> (seis a cero: un rival debe estar en cero)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="99" />
        <source>Score · match over</source>
        <translation>Marcador final</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="101" />
        <source>Score · hand {n}</source>
        <translation>Marcador · mano {n}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="103" />
        <source>+ points made this hand, added to the score as they are claimed</source>
        <translation>+ puntos hechos en esta mano, sumados al marcador al anotarlos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/panels.py" line="102" />
        <source>Score · this play</source>
        <translation>Marcador · jugada</translation>
    </message>
</context>
<context>
    <name>StatsDialog</name>
    <message>
        <source>Skill</source>
        <translation>Destreza</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="1" />
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="1" />
        <source>Statistics pages</source>
        <translation>Páginas de estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="1" />
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="1" />
        <source>Deal luck</source>
        <translation>Suerte en el reparto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="29" />
        <source>Matches</source>
        <translation>Partidas</translation>
    </message>
    <message>
        <source>Won / lost</source>
        <translation>Ganadas / perdidas</translation>
    </message>
    <message>
        <source>Hands won / lost</source>
        <translation>Manos ganadas / perdidas</translation>
    </message>
    <message>
        <source>Points for / against</source>
        <translation>Puntos a favor / en contra</translation>
    </message>
    <message>
        <source>Six-loves given / taken</source>
        <translation>Seis a cero dados / recibidos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="34" />
        <source>Dominoes</source>
        <translation>Dominadas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="35" />
        <source>Blocks won</source>
        <translation>Tranques ganados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="40" />
        <source>Capicúas</source>
        <translation>Capicúas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="41" />
        <source>Key bones</source>
        <translation>Fichas llave</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="42" />
        <source>Best streak</source>
        <translation>Mejor racha</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="109" />
        <source>Statistics</source>
        <translation>Estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="112" />
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="127" />
        <source>Stats group</source>
        <translation>Grupo de estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="114" />
        <source>Statistics table</source>
        <translation>Tabla de estadísticas</translation>
    </message>
    <message>
        <source>No finished matches yet</source>
        <translation>Todavía no hay partidas terminadas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="118" />
        <source>Reset this group…</source>
        <translation>Borrar este grupo…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="119" />
        <source>Reset this stats group</source>
        <translation>Borrar este grupo de estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="120" />
        <source>Export CSV…</source>
        <translation>Exportar CSV…</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="121" />
        <source>Export the statistics as CSV</source>
        <translation>Exportar las estadísticas como CSV</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="122" />
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="151" />
        <source>Player</source>
        <translation>Jugador</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="151" />
        <source>Preset</source>
        <translation>Modalidad</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="191" />
        <source>Reset statistics</source>
        <translation>Borrar estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="192" />
        <source>Delete every recorded match of the group “{group}”? This cannot be undone.</source>
        <translation>¿Borrar todas las partidas anotadas del grupo «{group}»? No se puede deshacer.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="201" />
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="211" />
        <source>Export statistics</source>
        <translation>Exportar estadísticas</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="201" />
        <source>CSV files (*.csv)</source>
        <translation>Archivos CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="212" />
        <source>Could not write {file}: {reason}</source>
        <translation>No se pudo escribir {file}: {reason}</translation>
    </message>
    <message>
        <source>Could not reset: {reason}</source>
        <translation>No se pudo borrar: {reason}</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Casa</translation>
    </message>
    <message>
        <source>Practice</source>
        <translation>Práctica</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Duplicado</translation>
    </message>
    <message>
        <source>Practice: you used Undo in these matches (a move was taken back), so they are kept apart and never count in your record.</source>
        <translation>Práctica: en estas partidas usaste Deshacer (se retiró una jugada), así que se guardan aparte y nunca cuentan en tu historial.</translation>
    </message>
    <message>
        <source>Why these matches are practice</source>
        <translation>Por qué estas partidas son de práctica</translation>
    </message>
</context>
<context>
    <name>TableScene</name>
    <message>
        <source>passed</source>
        <translation>pasó</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/scene.py" line="344" />
        <source>from {tile}</source>
        <translation>desde {tile}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/scene.py" line="376" />
        <source> (partner)</source>
        <translation> (compañero)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/table/scene.py" line="377" />
        <source>%n tile(s)</source>
        <translation>
            <numerusform>%n ficha</numerusform>
            <numerusform>%n fichas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/scene.py" line="388" />
        <source>Stock: {n}</source>
        <translation>Pozo: {n}</translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="34" />
        <source>blank</source>
        <translation>blanco</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="35" />
        <source>one</source>
        <translation>uno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="36" />
        <source>two</source>
        <translation>dos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="37" />
        <source>three</source>
        <translation>tres</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="38" />
        <source>four</source>
        <translation>cuatro</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="39" />
        <source>five</source>
        <translation>cinco</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="40" />
        <source>six</source>
        <translation>seis</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="41" />
        <source>seven</source>
        <translation>siete</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="42" />
        <source>eight</source>
        <translation>ocho</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="43" />
        <source>nine</source>
        <translation>nueve</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="44" />
        <source>ten</source>
        <translation>diez</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="45" />
        <source>eleven</source>
        <translation>once</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="46" />
        <source>twelve</source>
        <translation>doce</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="73" />
        <source>Domino table</source>
        <translation>Mesa de dominó</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="162" />
        <source>thinking…</source>
        <translation>pensando…</translation>
    </message>
    <message>
        <source>waiting for a player</source>
        <translation>esperando jugador</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/table/view.py" line="164" />
        <source>%n pip(s)</source>
        <translation>
            <numerusform>%n tanto</numerusform>
            <numerusform>%n tantos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="327" />
        <location filename="../../dominoes_desktop/ui/table/view.py" line="439" />
        <source>Wait for your turn.</source>
        <translation>Espera tu turno.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="335" />
        <source>{tile} does not fit: the open ends show {ends}.</source>
        <translation>{tile} no cabe: las puntas muestran {ends}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="338" />
        <source>{tile} cannot lead.</source>
        <translation>{tile} no puede salir.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="346" />
        <source>{tile} fits more than one end: choose an end.</source>
        <translation>{tile} cabe en más de una punta: elige una punta.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="446" />
        <source>You cannot pass: a tile of yours fits.</source>
        <translation>No puedes pasar: una de tus fichas cabe.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="448" />
        <source>You must draw from the stock first.</source>
        <translation>Primero tienes que robar del pozo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="452" />
        <source>You cannot draw: a tile of yours fits.</source>
        <translation>No puedes robar: una de tus fichas cabe.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="454" />
        <source>There is nothing to draw.</source>
        <translation>No queda nada que robar.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="528" />
        <source>playable</source>
        <translation>se puede jugar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="528" />
        <source>not playable now</source>
        <translation>no se puede jugar ahora</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/table/view.py" line="529" />
        <source>{tile}, {fits}</source>
        <translation>{tile}, {fits}</translation>
    </message>
</context>
<context>
    <name>WinRateChart</name>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="52" />
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="75" />
        <source>Win rate over time</source>
        <translation>Porcentaje de victorias en el tiempo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="73" />
        <source>Win rate over time: {player}</source>
        <translation>Porcentaje de victorias en el tiempo: {player}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/stats_dialog.py" line="101" />
        <source>No finished matches yet</source>
        <translation>Todavía no hay partidas terminadas</translation>
    </message>
</context>
<context>
    <name>CoachDialog</name>
    <message>
        <source>Best decisions on what you could see: {best} of {n}.</source>
        <translation>Mejores decisiones con lo que podías ver: {best} de {n}.</translation>
    </message>
    <message>
        <source>★ marks the costliest decision.</source>
        <translation>★ señala la decisión más cara.</translation>
    </message>
    <message>
        <source>{n} on this sample of deals, within its margin: as good as the best</source>
        <translation>{n} en esta muestra de repartos, dentro de su margen: tan buena como la mejor</translation>
    </message>
    <message>
        <source>Given away in all: {loss}, counted in hands (a loss of 1 turns a won hand into no winner, 2 into a lost one).</source>
        <translation>Regalado en total: {loss}, contado en manos (una pérdida de 1 deja sin ganador una mano ganada, 2 la convierte en perdida).</translation>
    </message>
    <message>
        <source>Given away in all: {loss} points of this hand, for your side against the others.</source>
        <translation>Regalado en total: {loss} puntos de esta mano, para tu equipo frente a los demás.</translation>
    </message>
    <message>
        <source>Weak</source>
        <translation>Débil</translation>
    </message>
    <message>
        <source>Coach: hand {n}</source>
        <translation>Entrenador: mano {n}</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>Decisiones</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Jugada</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>Jugaste</translation>
    </message>
    <message>
        <source>Grade</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>Mejor</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Pérdida</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Por qué</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>No decision to judge: every move of yours in this hand was forced.</source>
        <translation>No hay decisiones que juzgar: todas tus jugadas en esta mano eran forzadas.</translation>
    </message>
    <message>
        <source>Grades marked ≈ are estimates: those positions were too big to search exactly.</source>
        <translation>Las notas marcadas con ≈ son estimaciones: esas posiciones eran demasiado grandes para calcularlas con exactitud.</translation>
    </message>
    <message>
        <source>{k} · {name}</source>
        <translation>{k} · {name}</translation>
    </message>
    <message>
        <source>The costliest decision of the hand</source>
        <translation>La decisión más cara de la mano</translation>
    </message>
    <message>
        <source>The coach could not judge this hand: {error}</source>
        <translation>El entrenador no pudo juzgar esta mano: {error}</translation>
    </message>
    <message>
        <source>Fine</source>
        <translation>Bien</translation>
    </message>
    <message>
        <source>Blunder</source>
        <translation>Error grave</translation>
    </message>
    <message>
        <source>✓ your move</source>
        <translation>✓ tu jugada</translation>
    </message>
    <message>
        <source>Coach</source>
        <translation>Entrenador</translation>
    </message>
    <message>
        <source>Coach: what you should have played</source>
        <translation>Entrenador: lo que debiste jugar</translation>
    </message>
    <message>
        <source>Only move</source>
        <translation>Única jugada</translation>
    </message>
    <message>
        <source>Nothing in your hand fitted {ends}: you had to pass.</source>
        <translation>Nada de tu mano cabía en {ends}: tuviste que pasar.</translation>
    </message>
    <message>
        <source>Nothing in your hand fitted {ends}: you had to draw.</source>
        <translation>Nada de tu mano cabía en {ends}: tuviste que robar.</translation>
    </message>
    <message>
        <source>The rules make the holder of {tile} pose it.</source>
        <translation>Las reglas obligan a salir con el {tile} a quien lo tenga.</translation>
    </message>
    <message>
        <source>{tile} was the only tile you had that fitted {ends}.</source>
        <translation>El {tile} era la única ficha tuya que cabía en {ends}.</translation>
    </message>
    <message>
        <source>Your last tile: you went out.</source>
        <translation>Tu última ficha: dominaste.</translation>
    </message>
    <message>
        <source>It left {ends} open, numbers {names} had shown they lacked by passing: they must pass.</source>
        <translation>Dejó {ends} en las puntas, números con los que {names} ya había pasado: tiene que pasar otra vez.</translation>
    </message>
    <message>
        <source>It scored {n} at once on the ends.</source>
        <translation>Anotó {n} en el acto con las puntas.</translation>
    </message>
    <message numerus="yes">
        <source>It left {ends} open and kept %n of your tiles able to follow, more than {other}.</source>
        <translation>
            <numerusform>Dejó {ends} en las puntas y te guardó %n ficha para seguir, más que {other}.</numerusform>
            <numerusform>Dejó {ends} en las puntas y te guardó %n fichas para seguir, más que {other}.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every other choice came to the same.</source>
        <translation>Cualquier otra opción daba lo mismo.</translation>
    </message>
    <message>
        <source>As good as {other}: over the deals you could not tell apart both come out ahead {a}.</source>
        <translation>Tan buena como {other}: en los repartos que no podías distinguir, las dos salen ganando {a}.</translation>
    </message>
    <message>
        <source>Better than {other}: over the deals you could not tell apart both come out ahead {a}, but it gives the others fewer points on average.</source>
        <translation>Mejor que {other}: en los repartos que no podías distinguir, las dos salen ganando {a}, pero esta da menos puntos a los demás en promedio.</translation>
    </message>
    <message>
        <source>Over the deals you could not tell apart it comes out ahead {a}, against {b} for {other}.</source>
        <translation>En los repartos que no podías distinguir sale ganando {a}, frente a {b} con {other}.</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s) in 10</source>
        <translation>
            <numerusform>%n vez de cada 10</numerusform>
            <numerusform>%n veces de cada 10</numerusform>
        </translation>
    </message>
    <message>
        <source>{best} was your last tile: you could have gone out.</source>
        <translation>{best} era tu última ficha: podías dominar.</translation>
    </message>
    <message>
        <source>{best} would have left {ends} open, numbers {names} had shown they lacked by passing: they would have had to pass.</source>
        <translation>{best} habría dejado {ends} en las puntas, números con los que {names} ya había pasado: habría tenido que pasar.</translation>
    </message>
    <message>
        <source>Your move left {ends} open, numbers your partner had shown they lacked by passing; {best} left them something to play.</source>
        <translation>Tu jugada dejó {ends} en las puntas, números con los que tu compañero ya había pasado; {best} le dejaba algo que jugar.</translation>
    </message>
    <message>
        <source>{best} scored {n} at once on the ends; your move scored {m}.</source>
        <translation>{best} anotaba {n} en el acto con las puntas; tu jugada anotó {m}.</translation>
    </message>
    <message numerus="yes">
        <source>{best} kept %n of your tiles able to follow on {ends}; after your move only {m} could.</source>
        <translation>
            <numerusform>{best} te guardaba %n ficha para seguir en {ends}; tras tu jugada, solo {m}.</numerusform>
            <numerusform>{best} te guardaba %n fichas para seguir en {ends}; tras tu jugada, solo {m}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{best} got %n more pip(s) out of your hand: if the table locks, pips left count against you.</source>
        <translation>
            <numerusform>{best} sacaba %n tanto más de tu mano: si la mesa se tranca, los tantos que te quedan cuentan en tu contra.</numerusform>
            <numerusform>{best} sacaba %n tantos más de tu mano: si la mesa se tranca, los tantos que te quedan cuentan en tu contra.</numerusform>
        </translation>
    </message>
    <message>
        <source>Over the deals you could not tell apart, {best} comes out ahead {a}, your move {b}.</source>
        <translation>En los repartos que no podías distinguir, {best} sale ganando {a}; tu jugada, {b}.</translation>
    </message>
    <message>
        <source>Over the deals you could not tell apart, {best} gave away {n} fewer points on average.</source>
        <translation>En los repartos que no podías distinguir, {best} regalaba {n} puntos menos en promedio.</translation>
    </message>
    <message>
        <source>With every tile shown your move turned out as good as any: it was a risk, not a loss.</source>
        <translation>Con todas las fichas a la vista tu jugada resultó tan buena como cualquiera: fue un riesgo, no una pérdida.</translation>
    </message>
    <message>
        <source>With every tile shown: {best} would have won {n} more.</source>
        <translation>Con todas las fichas a la vista: {best} habría ganado {n} más.</translation>
    </message>
    <message>
        <source>You could not have known: the {tile} was {where}.</source>
        <translation>No podías saberlo: el {tile} estaba {where}.</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <source>the {a}</source>
        <translation>el {a}</translation>
    </message>
    <message>
        <source>{rest} and {last}</source>
        <translation>{rest} y {last}</translation>
    </message>
    <message>
        <source>in the stock</source>
        <translation>en el pozo</translation>
    </message>
    <message>
        <source>with your partner</source>
        <translation>con tu compañero</translation>
    </message>
    <message>
        <source>with {name}</source>
        <translation>con {name}</translation>
    </message>
    <message>
        <source>Judging each decision by what you could see, over the deals you could not tell apart…</source>
        <translation>Juzgando cada decisión por lo que podías ver, en los repartos que no podías distinguir…</translation>
    </message>
    <message>
        <source>{grade}, a close call</source>
        <translation>{grade}, decisión ajustada</translation>
    </message>
    <message>
        <source>A close call between {grade} and {other}: over the deals you could not tell apart your move gave away {n} on average, give or take {m}, so another sample of deals could tip it; the coach gives the kinder grade.</source>
        <translation>Una decisión ajustada entre {grade} y {other}: en los repartos que no podías distinguir tu jugada cedió {n} en promedio, más o menos {m}, así que otra muestra de repartos podría inclinarla; el entrenador da la nota más benévola.</translation>
    </message>
    <message>
        <source>{grade}, a near tie</source>
        <translation>{grade}, casi un empate</translation>
    </message>
    <message>
        <source>A near tie: over the deals you could not tell apart another move did {n} better on average, give or take {m}, too little to call a loss, so the coach grades your move Best.</source>
        <translation>Casi un empate: en los repartos que no podías distinguir otra jugada rindió {n} más en promedio, más o menos {m}, demasiado poco para llamarlo una pérdida, así que el entrenador califica tu jugada como Mejor.</translation>
    </message>
    <message>
        <source>A near tie: over the deals you could not tell apart another move did a little better on average (less than 0.1), give or take {m}, too little to call a loss, so the coach grades your move Best.</source>
        <translation>Casi un empate: en los repartos que no podías distinguir otra jugada rindió un poco más en promedio (menos de 0,1), más o menos {m}, demasiado poco para llamarlo una pérdida, así que el entrenador califica tu jugada como Mejor.</translation>
    </message>
</context>
<context>
    <name>FairDeal</name>
    <message>
        <source>This deal was sealed with fingerprint {fp}.</source>
        <translation>Este reparto se selló con la huella {fp}.</translation>
    </message>
    <message>
        <source>This deal was sealed with fingerprint {fp}; the host&apos;s reveal checked out here: fair.</source>
        <translation>Este reparto se selló con la huella {fp}; lo que reveló el anfitrión se comprobó aquí: es justo.</translation>
    </message>
    <message>
        <source>This deal was sealed with fingerprint {fp} and did NOT check out: {why}</source>
        <translation>Este reparto se selló con la huella {fp} y NO pasó la comprobación: {why}</translation>
    </message>
    <message>
        <source>Cut the deck</source>
        <translation>Corta la baraja</translation>
    </message>
    <message>
        <source>Cut the deck: click, or press Space</source>
        <translation>Corta la baraja: haz clic o pulsa Espacio</translation>
    </message>
    <message>
        <source>Cut the deck for me</source>
        <translation>Cortar la baraja por mí</translation>
    </message>
    <message>
        <source>The clock cuts each deal after its fingerprint is sealed; nobody waits for you.</source>
        <translation>El reloj corta cada reparto después de sellar su huella; nadie te espera.</translation>
    </message>
    <message>
        <source>Deal sealed: {fp} …</source>
        <translation>Reparto sellado: {fp} …</translation>
    </message>
    <message>
        <source>Fingerprint (SHA-256): {fp}</source>
        <translation>Huella (SHA-256): {fp}</translation>
    </message>
    <message>
        <source>The clock cuts the deck when the next hand is dealt.</source>
        <translation>El reloj corta la baraja al repartir la próxima mano.</translation>
    </message>
    <message>
        <source>Click the deck, or Next hand, to cut it and deal.</source>
        <translation>Haz clic en la baraja o en Siguiente mano para cortar y repartir.</translation>
    </message>
    <message>
        <source>Anyone at the screen: click the deck, or press Space, to cut it and deal.</source>
        <translation>Cualquiera frente a la pantalla: haz clic en la baraja o pulsa Espacio para cortar y repartir.</translation>
    </message>
    <message>
        <source>Click the deck, or press Space, to cut it and deal.</source>
        <translation>Haz clic en la baraja o pulsa Espacio para cortar y repartir.</translation>
    </message>
    <message>
        <source>This deal was sealed with fingerprint {fp}; its seed was {seed}, the cut {cut}.</source>
        <translation>Este reparto se selló con la huella {fp}; su semilla era {seed} y el corte {cut}.</translation>
    </message>
    <message>
        <source>This hand was dealt from a bare deal seed, without a sealed fingerprint (a hand played before fair deals, or dealt again from its seed), so there is nothing to verify.</source>
        <translation>Esta mano se repartió con una simple semilla, sin huella sellada (una mano jugada antes de los repartos justos, o repartida otra vez desde su semilla), así que no hay nada que verificar.</translation>
    </message>
    <message>
        <source>This deal is fair: the revealed seed gives the fingerprint shown before the deal, and the seed with the cut deals exactly these tiles.</source>
        <translation>Este reparto es justo: la semilla revelada da la huella mostrada antes del reparto, y la semilla con el corte reparte exactamente estas fichas.</translation>
    </message>
    <message>
        <source>Fingerprint shown before the deal: {fp}
Seed revealed: {seed}
Salt: {salt}
Cut: {cut}</source>
        <translation>Huella mostrada antes del reparto: {fp}
Semilla revelada: {seed}
Sal: {salt}
Corte: {cut}</translation>
    </message>
    <message>
        <source>To check the fingerprint yourself: it is the SHA-256 of the bytes of "{domain}", then the seed as {n} bytes (little-endian, two's complement), then the salt's bytes (the hex above, decoded).</source>
        <translation>Para comprobar la huella por tu cuenta: es el SHA-256 de los bytes de "{domain}", luego la semilla en {n} bytes (little-endian, complemento a dos) y luego los bytes de la sal (el hexadecimal de arriba, decodificado).</translation>
    </message>
    <message>
        <source>The revealed seed does not give the fingerprint shown before the deal ({fp}).</source>
        <translation>La semilla revelada no da la huella mostrada antes del reparto ({fp}).</translation>
    </message>
    <message>
        <source>The seed and the cut do not deal these tiles.</source>
        <translation>La semilla y el corte no reparten estas fichas.</translation>
    </message>
    <message>
        <source>Verify this deal</source>
        <translation>Verificar este reparto</translation>
    </message>
</context>
<context>
    <name>Learn</name>
    <message>
        <source>How to play well</source>
        <translation>Cómo jugar bien</translation>
    </message>
    <message>
        <source>How the CPUs play</source>
        <translation>Cómo juegan las CPU</translation>
    </message>
    <message>
        <source>Block games</source>
        <translation>Juegos de bloqueo</translation>
    </message>
    <message>
        <source>Count the tiles of each number: {n} of each in double-{top}. When {out} of a number are out, whoever holds the last one controls that end.</source>
        <translation>Cuenta las fichas de cada número: hay {n} de cada uno en el doble {top}. Cuando han salido {out} de un número, quien tiene la última controla esa punta.</translation>
    </message>
    <message>
        <source>{count} tiles have a {number}</source>
        <translation>{count} fichas tienen el {number}</translation>
    </message>
    <message>
        <source>Without the {tiles}, only {counts}.</source>
        <translation>Sin el {tiles}, solo {counts}.</translation>
    </message>
    <message>
        <source>Some tiles sleep: the last one of a number may be asleep, and then nobody holds it.</source>
        <translation>Algunas fichas duermen: la última de un número puede estar dormida, y entonces nadie la tiene.</translation>
    </message>
    <message>
        <source>A pass tells you what a player does not hold. Play to the numbers the next opponent has passed on, and they pass again.</source>
        <translation>Un pase te dice lo que un jugador no tiene. Juega a los números con los que pasó el siguiente rival y volverá a pasar.</translation>
    </message>
    <message>
        <source>Shed heavy tiles early when the table may lock: on a locked table the lightest hand wins.</source>
        <translation>Suelta pronto las fichas pesadas cuando la mesa pueda trancarse: en un tranque gana la mano más ligera.</translation>
    </message>
    <message>
        <source>Place doubles while their number is still open: a double has only one number and is the easiest tile to get stuck with.</source>
        <translation>Coloca los dobles mientras su número siga abierto: un doble tiene un solo número y es la ficha con la que es más fácil quedarse atascado.</translation>
    </message>
    <message>
        <source>Keep variety: a hand holding several numbers can always follow; a hand of one number is easy to shut out.</source>
        <translation>Mantén variedad: una mano con varios números siempre puede seguir; una mano de un solo número es fácil de cerrar.</translation>
    </message>
    <message>
        <source>Draw games</source>
        <translation>Juegos de robo</translation>
    </message>
    <message>
        <source>Every tile you draw is weight against you if someone goes out: keep numbers you can follow rather than your best tile.</source>
        <translation>Cada ficha que robas es peso en tu contra si alguien domina: conserva números que puedas seguir en lugar de tu mejor ficha.</translation>
    </message>
    <message>
        <source>When an opponent draws, they lacked both open numbers: remember it, as in block games.</source>
        <translation>Cuando un rival roba, no tenía ninguno de los dos números abiertos: recuérdalo, como en los juegos de bloqueo.</translation>
    </message>
    <message>
        <source>Late in the hand, with the stock empty, the game becomes a block game: count what is left.</source>
        <translation>Al final de la mano, con el pozo vacío, el juego se vuelve de bloqueo: cuenta lo que queda.</translation>
    </message>
    <message>
        <source>Partners</source>
        <translation>Parejas</translation>
    </message>
    <message>
        <source>Your partner sits opposite: leave open the numbers your partner has played, and close the ones the opponents played.</source>
        <translation>Tu compañero se sienta enfrente: deja abiertos los números que ha jugado tu compañero y cierra los que jugaron los rivales.</translation>
    </message>
    <message>
        <source>If your partner is close to going out, help rather than race: their domino wins the hand for both of you.</source>
        <translation>Si tu compañero está a punto de dominar, ayúdale en vez de competir: su dominó gana la mano para los dos.</translation>
    </message>
    <message>
        <source>The pose tells your partner about your hand: lead from your strongest number.</source>
        <translation>La salida le dice a tu compañero cómo es tu mano: sal por tu número más fuerte.</translation>
    </message>
    <message>
        <source>On a locked table both partners' pips count together: do not hoard heavy tiles hoping your partner is light.</source>
        <translation>En un tranque se suman los tantos de los dos compañeros: no acapares fichas pesadas confiando en que tu compañero vaya ligero.</translation>
    </message>
    <message>
        <source>On a locked table the single lightest hand wins for its side (partners' pips are not added together): between you and your partner, keep at least one hand light.</source>
        <translation>En un tranque gana la mano más ligera, para su equipo (los tantos de los compañeros no se suman): que al menos uno de los dos vaya ligero.</translation>
    </message>
    <message>
        <source>All Fives and Fives and Threes</source>
        <translation>«A los cincos» y «A los cincos y treses»</translation>
    </message>
    <message>
        <source>Before each play add up the open ends: a double at an end counts both halves. Prefer the play that makes a multiple of five (or three).</source>
        <translation>Antes de cada jugada suma las puntas abiertas: un doble en una punta cuenta sus dos mitades. Prefiere la jugada que da un múltiplo de cinco (o de tres).</translation>
    </message>
    <message>
        <source>Look at what you leave: a total the next player can turn into a score is a gift.</source>
        <translation>Mira lo que dejas: una suma que el siguiente jugador pueda convertir en puntos es un regalo.</translation>
    </message>
    <message>
        <source>Claim your points every time; an opponent may call Muggins and take what you missed.</source>
        <translation>Reclama tus puntos siempre; un rival puede cantar Muggins y quedarse con lo que se te pasó.</translation>
    </message>
    <message>
        <source>Points made during the hand often matter more than going out: weigh a sure score against a race to domino.</source>
        <translation>Los puntos hechos durante la mano suelen importar más que dominar: compara unos puntos seguros con la carrera por dominar.</translation>
    </message>
    <message>
        <source>For every game</source>
        <translation>Para todos los juegos</translation>
    </message>
    <message>
        <source>Watch the move log: every pass and every draw is information.</source>
        <translation>Sigue el registro de jugadas: cada pase y cada robo es información.</translation>
    </message>
    <message>
        <source>What every CPU knows</source>
        <translation>Lo que sabe cada CPU</translation>
    </message>
    <message>
        <source>A CPU sees exactly what a person in its seat would see: its own tiles, the table, the moves made, and how many tiles each player holds. It never looks at another hand or at the stock.</source>
        <translation>Una CPU ve exactamente lo que vería una persona en su asiento: sus fichas, la mesa, las jugadas hechas y cuántas fichas tiene cada jugador. Nunca mira otra mano ni el pozo.</translation>
    </message>
    <message>
        <source>Deals are sealed before they are dealt: the fingerprint shown on the end-of-hand sheet lets you check that nobody, CPU or program, chose the tiles.</source>
        <translation>Los repartos se sellan antes de repartir: la huella que aparece al final de la mano te permite comprobar que nadie, ni CPU ni programa, eligió las fichas.</translation>
    </message>
    <message>
        <source>The levels</source>
        <translation>Los niveles</translation>
    </message>
    <message>
        <source>Easy plays whatever fits, by feel: it keeps heavy tiles too long, ignores passes, and now and then forgets to claim its points.</source>
        <translation>Fácil juega lo que cabe, a ojo: guarda las fichas pesadas demasiado tiempo, no se fija en los pases y a veces olvida reclamar sus puntos.</translation>
    </message>
    <message>
        <source>Medium has sound habits: it sheds weight, places doubles, keeps numbers it can follow, remembers who passed on what, and takes and denies points.</source>
        <translation>Medio tiene buenos hábitos: suelta peso, coloca los dobles, conserva números que puede seguir, recuerda quién pasó con qué y gana y niega puntos.</translation>
    </message>
    <message>
        <source>Hard counts tiles and passes, imagines many ways the hidden tiles could lie, plays each candidate to the end in each of them, and picks the move that does best on average.</source>
        <translation>Difícil cuenta fichas y pases, imagina muchas formas en que pueden estar repartidas las fichas ocultas, juega cada candidata hasta el final en cada una y elige la jugada que mejor resulta en promedio.</translation>
    </message>
    <message>
        <source>Expert plays the Coach's best move against a clock. It deals the hidden tiles in the ways that fit what it has seen, as the Coach does, trusts most the deals that best explain the tiles the others chose to play, works out the exact result of each of its options in each deal, and plays the one that does best on average. When a hand is still too big to work out in time (early in a double-nine hand), it plays the hand out many times instead, as Hard does. It thinks under a second.</source>
        <translation>Experto juega la mejor jugada del Entrenador contra reloj. Reparte las fichas ocultas de las maneras que encajan con lo que ha visto, como hace el Entrenador, se fía más de los repartos que mejor explican las fichas que los demás eligieron jugar, calcula el resultado exacto de cada una de sus opciones en cada reparto y juega la que mejor resulta en promedio. Cuando la mano es aún demasiado grande para calcularla a tiempo (al principio de una mano de doble nueve), la juega muchas veces hasta el final, como Difícil. Piensa menos de un segundo.</translation>
    </message>
    <message>
        <source>Use the Coach after each hand. It judges each decision by what you could know at that moment, never by the tiles you could not see: it deals the hidden tiles in every way that fits the tiles played and the passes, works out the exact result of each of your options in each deal, and grades your move by what it gave away on average.</source>
        <translation>Usa el Entrenador después de cada mano. Juzga cada decisión por lo que podías saber en ese momento, nunca por las fichas que no podías ver: reparte las fichas ocultas de todas las maneras que encajan con las fichas jugadas y los pases, calcula el resultado exacto de cada una de tus opciones en cada reparto y califica tu jugada por lo que regaló en promedio.</translation>
    </message>
    <message>
        <source>A good move can lose to the luck of the deal. Under each verdict the Coach adds what would have been best with every tile shown; that is hindsight, and never the grade.</source>
        <translation>Una buena jugada puede perder por la suerte del reparto. Bajo cada veredicto el Entrenador añade qué habría sido mejor con todas las fichas a la vista; eso es mirar atrás, y nunca es la nota.</translation>
    </message>
    <message>
        <source>How the Coach judges</source>
        <translation>Cómo juzga el Entrenador</translation>
    </message>
    <message>
        <source>For each of your decisions the Coach deals the tiles you could not see in many ways (the same ways a CPU imagines them), keeping only the deals that fit what you had seen: the tiles played, every hand's size, and the numbers a player showed they lacked by passing or drawing.</source>
        <translation>Para cada una de tus decisiones el Entrenador reparte de muchas maneras las fichas que no podías ver (las mismas que imagina una CPU), y se queda solo con los repartos que encajan con lo que habías visto: las fichas jugadas, cuántas tiene cada mano y los números que un jugador mostró no tener al pasar o robar.</translation>
    </message>
    <message>
        <source>It trusts most the deals that best explain the tiles the others chose to play: a player who held a heavy tile that fitted, yet played a light one, probably did not hold it.</source>
        <translation>Se fía más de los repartos que mejor explican las fichas que los demás eligieron jugar: un jugador que tenía una ficha pesada que cabía y aun así jugó una ligera, probablemente no la tenía.</translation>
    </message>
    <message>
        <source>In each deal it works out, exactly, how the hand ends after each of your options when everybody plays perfectly from there. A move's worth is its average over the deals; the grade is how much less your move was worth than the best. Where the deals disagree so much that the difference is within chance, your move counts as best.</source>
        <translation>En cada reparto calcula, exactamente, cómo termina la mano tras cada una de tus opciones si todos juegan perfecto desde ahí. Lo que vale una jugada es su promedio en los repartos; la nota es cuánto menos valió tu jugada que la mejor. Cuando los repartos discrepan tanto que la diferencia cabe en el azar, tu jugada cuenta como la mejor.</translation>
    </message>
</context>
<context>
    <name>EngineError</name>
    <message>
        <source>It is not your turn.</source>
        <translation>No es tu turno.</translation>
    </message>
    <message>
        <source>That is not yours to decide now.</source>
        <translation>Eso no te toca decidirlo ahora.</translation>
    </message>
    <message>
        <source>That does not answer what the table waits for.</source>
        <translation>Eso no responde a lo que la mesa espera.</translation>
    </message>
    <message>
        <source>The match is over.</source>
        <translation>La partida ha terminado.</translation>
    </message>
    <message>
        <source>No hand is in play.</source>
        <translation>No hay ninguna mano en juego.</translation>
    </message>
    <message>
        <source>The hand is over: no more moves.</source>
        <translation>La mano ha terminado: no hay más jugadas.</translation>
    </message>
    <message>
        <source>The hand is not over yet.</source>
        <translation>La mano aún no ha terminado.</translation>
    </message>
    <message>
        <source>You do not hold {tile}.</source>
        <translation>No tienes la ficha {tile}.</translation>
    </message>
    <message>
        <source>{tile} does not fit any open end ({ends}).</source>
        <translation>{tile} no cabe en ninguna punta ({ends}).</translation>
    </message>
    <message>
        <source>{tile} cannot be the first tile: this hand starts with {pose}.</source>
        <translation>{tile} no puede ser la primera ficha: esta mano empieza con {pose}.</translation>
    </message>
    <message>
        <source>{tile} cannot be the first tile: the first tile must be a double.</source>
        <translation>{tile} no puede ser la primera ficha: la primera ficha tiene que ser un doble.</translation>
    </message>
    <message>
        <source>{tile} fits more than one end: say which.</source>
        <translation>{tile} cabe en más de una punta: di en cuál.</translation>
    </message>
    <message>
        <source>{tile} cannot be played on an end showing {end}.</source>
        <translation>{tile} no se puede jugar en una punta con {end}.</translation>
    </message>
    <message>
        <source>No open end shows {end}.</source>
        <translation>Ninguna punta muestra {end}.</translation>
    </message>
    <message>
        <source>You cannot pass while holding a playable tile.</source>
        <translation>No puedes pasar si tienes una ficha jugable.</translation>
    </message>
    <message>
        <source>You must draw, not pass: the stock has tiles.</source>
        <translation>Debes robar, no pasar: quedan fichas en el pozo.</translation>
    </message>
    <message>
        <source>You cannot draw while holding a playable tile.</source>
        <translation>No puedes robar si tienes una ficha jugable.</translation>
    </message>
    <message>
        <source>You cannot draw: the stock is empty or down to its sleepers.</source>
        <translation>No puedes robar: el pozo está vacío o solo quedan las dormidas.</translation>
    </message>
    <message>
        <source>{move} is not a legal move now.</source>
        <translation>{move} no es una jugada válida ahora.</translation>
    </message>
    <message>
        <source>Points are scored automatically in this game.</source>
        <translation>En este juego los puntos se anotan solos.</translation>
    </message>
    <message>
        <source>This game scores no end points: there is nothing to claim.</source>
        <translation>Este juego no anota puntos de las puntas: no hay nada que reclamar.</translation>
    </message>
    <message>
        <source>There are no unclaimed points to take.</source>
        <translation>No hay puntos sin reclamar que tomar.</translation>
    </message>
    <message>
        <source>Only the player who scored can claim those points.</source>
        <translation>Solo quien anotó puede reclamar esos puntos.</translation>
    </message>
    <message>
        <source>You cannot call Muggins on your own side.</source>
        <translation>No puedes cantar Muggins a tu propio equipo.</translation>
    </message>
    <message>
        <source>There is no seat {seat}.</source>
        <translation>No existe el asiento {seat}.</translation>
    </message>
    <message>
        <source>That seat may not lead this hand.</source>
        <translation>Ese asiento no puede salir en esta mano.</translation>
    </message>
    <message>
        <source>The hand has not been dealt yet.</source>
        <translation>La mano aún no se ha repartido.</translation>
    </message>
    <message>
        <source>The hand has already begun.</source>
        <translation>La mano ya ha empezado.</translation>
    </message>
    <message>
        <source>No double was dealt: these rules deal again.</source>
        <translation>No se repartió ningún doble: estas reglas vuelven a repartir.</translation>
    </message>
    <message>
        <source>There is no move of yours to take back.</source>
        <translation>No tienes ninguna jugada que deshacer.</translation>
    </message>
    <message>
        <source>That is not allowed now.</source>
        <translation>Eso no está permitido ahora.</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>No room has answered yet. A room opened on this network shows here; for one elsewhere, paste the invite link its host sent you.</source>
        <translation>Ninguna sala ha respondido aún. Una sala abierta en esta red aparece aquí; para una de fuera, pega el enlace de invitación que te envió su anfitrión.</translation>
    </message>
    <message>
        <source>Join a room</source>
        <translation>Unirse a una sala</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Tu nombre</translation>
    </message>
    <message>
        <source>Rooms on this network</source>
        <translation>Salas en esta red</translation>
    </message>
    <message>
        <source>Search the network again</source>
        <translation>Buscar de nuevo en la red</translation>
    </message>
    <message>
        <source>Your name:</source>
        <translation>Tu nombre:</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Unirse</translation>
    </message>
    <message>
        <source>Rooms found on this network:</source>
        <translation>Salas encontradas en esta red:</translation>
    </message>
    <message numerus="yes">
        <source>{host}'s table · %n free seat(s) · {invite}</source>
        <translation>
            <numerusform>Mesa de {host} · %n asiento libre · {invite}</numerusform>
            <numerusform>Mesa de {host} · %n asientos libres · {invite}</numerusform>
        </translation>
    </message>
    <message>
        <source>That invite cannot be read: {why}.</source>
        <translation>No se puede leer esa invitación: {why}.</translation>
    </message>
    <message>
        <source>Give your name, so the table knows who you are.</source>
        <translation>Escribe tu nombre, para que la mesa sepa quién eres.</translation>
    </message>
    <message>
        <source>Invite link</source>
        <translation>Enlace de invitación</translation>
    </message>
    <message>
        <source>Invite link:</source>
        <translation>Enlace de invitación:</translation>
    </message>
    <message>
        <source>Room {code} at {address}. Private: the host is checked by its fingerprint, {f}…</source>
        <translation>Sala {code} en {address}. Privada: el anfitrión se comprueba por su huella, {f}…</translation>
    </message>
    <message>
        <source>Room {code} at {address}. This invite has no fingerprint: the connection is private, but the host cannot be checked. Ask for the invite link.</source>
        <translation>Sala {code} en {address}. Esta invitación no trae huella: la conexión es privada, pero no se puede comprobar el anfitrión. Pide el enlace de invitación.</translation>
    </message>
</context>
<context>
    <name>NetDialogs</name>
    <message>
        <source>this build of the game cannot ask routers</source>
        <translation>esta versión del juego no puede pedírselo a los routers</translation>
    </message>
    <message>
        <source>no router answered (UPnP is off, or there is none)</source>
        <translation>ningún router respondió (UPnP está apagado, o no hay router)</translation>
    </message>
    <message>
        <source>the router refused</source>
        <translation>el router se negó</translation>
    </message>
    <message>
        <source>only one person plays at this screen in a room: invite the others</source>
        <translation>en una sala solo juega una persona en esta pantalla: invita a los demás</translation>
    </message>
    <message>
        <source>seat {n} is empty: fill it, or let CPUs fill empty seats</source>
        <translation>el asiento {n} está vacío: ocúpalo o marca «CPU en los asientos vacíos»</translation>
    </message>
    <message>
        <source>one seat must be yours (a person at this screen)</source>
        <translation>un asiento debe ser tuyo («Persona aquí»)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Anfitrión</translation>
    </message>
    <message>
        <source>Cannot start: {reason}.</source>
        <translation>No se puede empezar: {reason}.</translation>
    </message>
    <message>
        <source>Cannot open a room: {reason}.</source>
        <translation>No se puede abrir una sala: {reason}.</translation>
    </message>
    <message>
        <source>&amp;Join a room…</source>
        <translation>&amp;Unirse a una sala…</translation>
    </message>
    <message>
        <source>There is no room to reopen.</source>
        <translation>No hay ninguna sala que reabrir.</translation>
    </message>
    <message>
        <source>The room cannot be reopened: {reason}</source>
        <translation>No se puede reabrir la sala: {reason}</translation>
    </message>
    <message>
        <source>Reopen my &amp;last room</source>
        <translation>Reabrir mi última sa&amp;la</translation>
    </message>
    <message>
        <source>Host on a server</source>
        <translation>Abrir la sala en un servidor</translation>
    </message>
    <message>
        <source>&amp;Host this table on a server…</source>
        <translation>Abrir esta mesa en un ser&amp;vidor…</translation>
    </message>
    <message>
        <source>This network: {a}</source>
        <translation>Esta red: {a}</translation>
    </message>
    <message>
        <source>Asking the router to open port {port}…</source>
        <translation>Pidiendo al router que abra el puerto {port}…</translation>
    </message>
    <message>
        <source>The internet: {a}</source>
        <translation>Internet: {a}</translation>
    </message>
    <message>
        <source>The router opened port {port}: friends elsewhere join with the internet link ({public}); friends here, with the network link.</source>
        <translation>El router abrió el puerto {port}: los amigos de fuera entran con el enlace de internet ({public}); los de aquí, con el de la red.</translation>
    </message>
    <message>
        <source>The router opened port {port}, but its internet address ({public}) is shared by your provider: friends elsewhere cannot reach this computer. Play with friends on this network, or host the table on a room server.</source>
        <translation>El router abrió el puerto {port}, pero su dirección de internet ({public}) la comparte tu proveedor: los amigos de fuera no pueden llegar a esta computadora. Juega con amigos de esta red, o abre la mesa en un servidor de salas.</translation>
    </message>
    <message>
        <source>Friends on this network can join. For friends elsewhere, forward TCP port {port} to this computer ({lan}) in your router's settings ("port forwarding"), then share the internet link. The router did not do it itself: {why}.</source>
        <translation>Los amigos de esta red pueden entrar. Para amigos de fuera, redirige el puerto TCP {port} a esta computadora ({lan}) en la configuración del router («redirección de puertos») y comparte el enlace de internet. El router no lo hizo solo: {why}.</translation>
    </message>
    <message>
        <source>The server's address and fingerprint (like example.org:47815#3f2a…):</source>
        <translation>La dirección y la huella del servidor (como example.org:47815#3f2a…):</translation>
    </message>
    <message>
        <source>A server's address reads like example.org:47815 (then # and its fingerprint).</source>
        <translation>La dirección de un servidor se escribe como example.org:47815 (y después # y su huella).</translation>
    </message>
    <message>
        <source>Outside this network: port {port} is open.</source>
        <translation>Fuera de esta red: el puerto {port} está abierto.</translation>
    </message>
    <message>
        <source>Outside this network: not reachable (see the table talk).</source>
        <translation>Fuera de esta red: no se llega (mira la charla de la mesa).</translation>
    </message>
    <message>
        <source>Outside this network: forward port {port} to {lan} (see the table talk).</source>
        <translation>Fuera de esta red: redirige el puerto {port} a {lan} (mira la charla de la mesa).</translation>
    </message>
</context>
<context>
    <name>RoomWindow</name>
    <message>
        <source>Moves</source>
        <translation>Jugadas</translation>
    </message>
    <message>
        <source>Players and talk</source>
        <translation>Jugadores y chat</translation>
    </message>
    <message>
        <source>Players and talk •</source>
        <translation>Jugadores y chat •</translation>
    </message>
    <message>
        <source>The room sent what this table cannot read: {why}</source>
        <translation>La sala envió algo que esta mesa no puede leer: {why}</translation>
    </message>
    <message>
        <source>This table lost step with the room: {why}</source>
        <translation>Esta mesa perdió la sincronía con la sala: {why}</translation>
    </message>
    <message>
        <source>Room closed</source>
        <translation>Sala cerrada</translation>
    </message>
    <message>
        <source>The host has closed the room. If they reopen it, press Reconnect.</source>
        <translation>El anfitrión ha cerrado la sala. Si la vuelve a abrir, pulsa Volver a conectar.</translation>
    </message>
    <message>
        <source>The host has closed the room.</source>
        <translation>El anfitrión ha cerrado la sala.</translation>
    </message>
    <message>
        <source>Close the room?</source>
        <translation>¿Cerrar la sala?</translation>
    </message>
    <message>
        <source>Everyone at this table leaves with it: the match ends for your guests.</source>
        <translation>Todos los de esta mesa salen con ella: la partida termina para tus invitados.</translation>
    </message>
    <message>
        <source>Close the room</source>
        <translation>Cerrar la sala</translation>
    </message>
    <message>
        <source>Keep the room open</source>
        <translation>Dejar la sala abierta</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Jugar otra vez</translation>
    </message>
    <message>
        <source>Ask for another match</source>
        <translation>Pedir otra partida</translation>
    </message>
    <message>
        <source>Asked for another match</source>
        <translation>Otra partida pedida</translation>
    </message>
    <message>
        <source>You asked the host for another match.</source>
        <translation>Pediste otra partida al anfitrión.</translation>
    </message>
    <message>
        <source>{name} asks for another match.</source>
        <translation>{name} pide otra partida.</translation>
    </message>
    <message>
        <source>{name} asks for another match: press Play again.</source>
        <translation>{name} pide otra partida: pulsa Jugar otra vez.</translation>
    </message>
    <message>
        <source>Your seat in room {code} is already open in its own window.</source>
        <translation>Tu asiento en la sala {code} ya está abierto en su propia ventana.</translation>
    </message>
    <message>
        <source>The host&apos;s app is older: your ask was sent in the table talk instead.</source>
        <translation>La aplicación del anfitrión es más antigua: tu petición se envió por la charla de la mesa.</translation>
    </message>
    <message>
        <source>Another match?</source>
        <translation>¿Otra partida?</translation>
    </message>
    <message>
        <source>You have already asked for another match.</source>
        <translation>Ya pediste otra partida.</translation>
    </message>
    <message>
        <source>The room did not take your ask for another match.</source>
        <translation>La sala no aceptó tu petición de otra partida.</translation>
    </message>
    <message>
        <source>A new match begins.</source>
        <translation>Empieza una partida nueva.</translation>
    </message>
    <message>
        <source>Let a CPU play for {name}</source>
        <translation>Que una CPU juegue por {name}</translation>
    </message>
    <message>
        <source>Give the seat back to {name}</source>
        <translation>Devolverle el asiento a {name}</translation>
    </message>
    <message>
        <source>Remove {name} from the room</source>
        <translation>Sacar a {name} de la sala</translation>
    </message>
    <message>
        <source>The host has removed you from this room.</source>
        <translation>El anfitrión te ha sacado de esta sala.</translation>
    </message>
    <message>
        <source>Time ran out for {name}: {action} was played for them.</source>
        <translation>Se le acabó el tiempo a {name}: se jugó {action} en su lugar.</translation>
    </message>
    <message>
        <source>The host removed {name} from the room.</source>
        <translation>El anfitrión sacó a {name} de la sala.</translation>
    </message>
    <message>
        <source>Table talk</source>
        <translation>Charla de la mesa</translation>
    </message>
    <message>
        <source>What the players say at the table shows here.</source>
        <translation>Aquí aparece lo que dicen los jugadores en la mesa.</translation>
    </message>
    <message>
        <source>Playing: room {code}</source>
        <translation>Jugando: sala {code}</translation>
    </message>
    <message>
        <source>Rooms give no hints.</source>
        <translation>En las salas no hay pistas.</translation>
    </message>
    <message>
        <source>Cut the deck: click it, or press Space.</source>
        <translation>Corta la baraja: haz clic en ella, o pulsa Espacio.</translation>
    </message>
    <message>
        <source>Hand {n} is over: every rack is face up.</source>
        <translation>La mano {n} ha terminado: todas las fichas están boca arriba.</translation>
    </message>
    <message>
        <source>Good play!</source>
        <translation>¡Buena jugada!</translation>
    </message>
    <message>
        <source>Six-love!</source>
        <translation>¡Seis a cero!</translation>
    </message>
    <message>
        <source>Shutout!</source>
        <translation>¡Zapato!</translation>
    </message>
    <message>
        <source>Well played, partner.</source>
        <translation>Bien jugado, compañero.</translation>
    </message>
    <message>
        <source>Oops!</source>
        <translation>¡Uy!</translation>
    </message>
    <message>
        <source>Your turn!</source>
        <translation>¡Te toca!</translation>
    </message>
    <message>
        <source>Thanks!</source>
        <translation>¡Gracias!</translation>
    </message>
    <message>
        <source>Good game!</source>
        <translation>¡Buena partida!</translation>
    </message>
    <message>
        <source>Hello, everyone!</source>
        <translation>¡Hola a todos!</translation>
    </message>
    <message>
        <source>Dominoes Desktop: room</source>
        <translation>Dominó de Escritorio: sala</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Empezar</translation>
    </message>
    <message>
        <source>Reconnect</source>
        <translation>Volver a conectar</translation>
    </message>
    <message>
        <source>Players (tick to mute)</source>
        <translation>Jugadores (marca para silenciar)</translation>
    </message>
    <message>
        <source>Hide what {name} says at the table (ticked: hidden)</source>
        <translation>Silenciar lo que dice {name} en la mesa (marcado: silenciado)</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Conectando…</translation>
    </message>
    <message>
        <source>Say a phrase</source>
        <translation>Decir una frase</translation>
    </message>
    <message>
        <source>Say something short…</source>
        <translation>Di algo breve…</translation>
    </message>
    <message>
        <source>The room refused that: {why}</source>
        <translation>La sala no lo aceptó: {why}</translation>
    </message>
    <message>
        <source>No seat in this room: {why}</source>
        <translation>Sin asiento en esta sala: {why}</translation>
    </message>
    <message>
        <source>CPU {n}</source>
        <translation>CPU {n}</translation>
    </message>
    <message>
        <source>Open seat</source>
        <translation>Asiento libre</translation>
    </message>
    <message>
        <source>host</source>
        <translation>anfitrión</translation>
    </message>
    <message>
        <source>a CPU plays</source>
        <translation>juega una CPU</translation>
    </message>
    <message>
        <source>away: a CPU plays</source>
        <translation>ausente: juega una CPU</translation>
    </message>
    <message>
        <source>here</source>
        <translation>presente</translation>
    </message>
    <message>
        <source>away</source>
        <translation>ausente</translation>
    </message>
    <message>
        <source>Seat {n} · {name} · {where}</source>
        <translation>Asiento {n} · {name} · {where}</translation>
    </message>
    <message>
        <source>Invite players, then press Start.</source>
        <translation>Invita a los jugadores y pulsa Empezar.</translation>
    </message>
    <message>
        <source>Waiting for the host to start.</source>
        <translation>Esperando a que el anfitrión empiece.</translation>
    </message>
    <message>
        <source>The match is over.</source>
        <translation>La partida ha terminado.</translation>
    </message>
    <message>
        <source>Dominoes Desktop: room {code}</source>
        <translation>Dominó de Escritorio: sala {code}</translation>
    </message>
    <message>
        <source>Seat {n}</source>
        <translation>Asiento {n}</translation>
    </message>
    <message>
        <source>Hand {n} is over. Match score: {scores}.</source>
        <translation>Terminó la mano {n}. Marcador: {scores}.</translation>
    </message>
    <message>
        <source>This deal's fingerprint: {f}</source>
        <translation>Huella de este reparto: {f}</translation>
    </message>
    <message>
        <source>{name} lost the connection; a CPU plays for them in {n} s unless they return.</source>
        <translation>{name} perdió la conexión; una CPU jugará en su lugar en {n} s si no vuelve.</translation>
    </message>
    <message>
        <source>{name} left the room; a CPU plays for them in {n} s unless they return.</source>
        <translation>{name} salió de la sala; una CPU jugará en su lugar en {n} s si no vuelve.</translation>
    </message>
    <message>
        <source>A CPU now plays for {name}.</source>
        <translation>Ahora una CPU juega por {name}.</translation>
    </message>
    <message>
        <source>{name} is back.</source>
        <translation>{name} ha vuelto.</translation>
    </message>
    <message>
        <source>{name} asks for a new deal.</source>
        <translation>{name} pide un nuevo reparto.</translation>
    </message>
    <message>
        <source>This deal did NOT check out: {why}</source>
        <translation>Este reparto NO pasó la comprobación: {why}</translation>
    </message>
    <message>
        <source>Deals checked and fair: {n}</source>
        <translation>Repartos comprobados y justos: {n}</translation>
    </message>
    <message>
        <source>{name} says: {text}</source>
        <translation>{name} dice: {text}</translation>
    </message>
    <message>
        <source>Connection lost. Your seat is kept: reconnect to take it back.</source>
        <translation>Se perdió la conexión. Tu asiento te espera: vuelve a conectar para recuperarlo.</translation>
    </message>
    <message>
        <source>Disconnected. {why}</source>
        <translation>Desconectado. {why}</translation>
    </message>
    <message>
        <source>Reconnecting…</source>
        <translation>Volviendo a conectar…</translation>
    </message>
    <message>
        <source>Address to share</source>
        <translation>Dirección para compartir</translation>
    </message>
    <message>
        <source>Copy invite link</source>
        <translation>Copiar enlace de invitación</translation>
    </message>
    <message>
        <source>Invite link copied: {invite}</source>
        <translation>Enlace de invitación copiado: {invite}</translation>
    </message>
    <message>
        <source>Private connection; the host is the one the invite names ({f}…).</source>
        <translation>Conexión privada; el anfitrión es el que nombra la invitación ({f}…).</translation>
    </message>
    <message>
        <source>Private connection, but the host was not checked: the invite had no fingerprint ({f}…).</source>
        <translation>Conexión privada, pero el anfitrión no se comprobó: la invitación no traía huella ({f}…).</translation>
    </message>
    <message>
        <source>Invite: {code} at {address}</source>
        <translation>Invitación: {code} en {address}</translation>
    </message>
    <message>
        <source>Private · host checked · {f}…</source>
        <translation>Privada · anfitrión comprobado · {f}…</translation>
    </message>
    <message>
        <source>Private · host not checked</source>
        <translation>Privada · anfitrión sin comprobar</translation>
    </message>
    <message>
        <source>Time ran out for {name}: the room answered for them.</source>
        <translation>Se le acabó el tiempo a {name}: la sala respondió en su lugar.</translation>
    </message>
    <message>
        <source>Time ran out for {name}: the room passed for them.</source>
        <translation>Se le acabó el tiempo a {name}: la sala pasó en su lugar.</translation>
    </message>
    <message>
        <source>Time ran out for {name}: the room drew for them.</source>
        <translation>Se le acabó el tiempo a {name}: la sala robó en su lugar.</translation>
    </message>
</context>
<context>
    <name>HintReason</name>
    <message>
        <source>nothing fits</source>
        <translation>ninguna ficha cabe</translation>
    </message>
    <message>
        <source>the only tile that fits</source>
        <translation>la única ficha que cabe</translation>
    </message>
    <message>
        <source>picked at random</source>
        <translation>elegida al azar</translation>
    </message>
    <message>
        <source>your last tile: domino!</source>
        <translation>tu última ficha: ¡dominó!</translation>
    </message>
    <message>
        <source>doubles are hard to place later</source>
        <translation>los dobles cuesta colocarlos después</translation>
    </message>
    <message>
        <source>your heaviest tile</source>
        <translation>tu ficha más pesada</translation>
    </message>
    <message>
        <source>the next player has shown no {number}s</source>
        <translation>el siguiente jugador ha mostrado que no tiene {number}</translation>
    </message>
    <message>
        <source>a double, placed while it still fits</source>
        <translation>un doble, colocado mientras aún cabe</translation>
    </message>
    <message>
        <source>it opens {number}s, which you hold</source>
        <translation>abre a {number}, que tú tienes</translation>
    </message>
    <message>
        <source>it gets rid of a heavy tile</source>
        <translation>te deshaces de una ficha pesada</translation>
    </message>
    <message>
        <source>it keeps your options open</source>
        <translation>te deja opciones abiertas</translation>
    </message>
</context>
<context>
    <name>MoveWords</name>
    <message>
        <source>{tile} (pose)</source>
        <translation>{tile} (salida)</translation>
    </message>
    <message>
        <source>{tile} on the {end}</source>
        <translation>{tile} al {end}</translation>
    </message>
    <message>
        <source>{tile} on the {end} by the double</source>
        <translation>{tile} al {end} del doble</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>pasar</translation>
    </message>
    <message>
        <source>draw</source>
        <translation>robar</translation>
    </message>
</context>
<context>
    <name>DealLuckPanel</name>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>CPUs (all levels)</source>
        <translation>CPU (todos los niveles)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Doubles</source>
        <translation>Dobles</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Pips</source>
        <translation>Tantos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Doubles dealt − chance</source>
        <translation>Dobles repartidos − azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Pips dealt − chance</source>
        <translation>Tantos repartidos − azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>too few hands to tell yet</source>
        <translation>aún hay pocas manos para saberlo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>well within what chance gives</source>
        <translation>dentro de lo que da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>more doubles than chance usually gives</source>
        <translation>más dobles de lo que suele dar el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>far more doubles than chance gives</source>
        <translation>muchos más dobles de lo que da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>fewer doubles than chance usually gives</source>
        <translation>menos dobles de lo que suele dar el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>far fewer doubles than chance gives</source>
        <translation>muchos menos dobles de lo que da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>heavier hands than chance usually gives</source>
        <translation>manos más pesadas de lo que suele dar el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>far heavier hands than chance gives</source>
        <translation>manos mucho más pesadas de lo que da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>lighter hands than chance usually gives</source>
        <translation>manos más ligeras de lo que suele dar el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>far lighter hands than chance gives</source>
        <translation>manos mucho más ligeras de lo que da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Player</source>
        <translation>Jugador</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Hands</source>
        <translation>Manos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Dealt a hand</source>
        <translation>Repartido por mano</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Chance gives</source>
        <translation>Da el azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Difference in all</source>
        <translation>Diferencia total</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>σ from chance</source>
        <translation>σ del azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Verdict</source>
        <translation>Veredicto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Whose deals</source>
        <translation>De quién son los repartos</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>What to count</source>
        <translation>Qué contar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Deal luck of every player</source>
        <translation>Suerte en el reparto de cada jugador</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Count</source>
        <translation>Contar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>No deals recorded in this group yet.</source>
        <translation>Aún no hay repartos registrados en este grupo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>No recorded deals yet: every hand finished from now on is counted.</source>
        <translation>Aún no hay repartos registrados: se cuenta cada mano que termine a partir de ahora.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>{player} has no recorded deals yet: the chart starts with the first hand recorded.</source>
        <translation>{player} aún no tiene repartos registrados: el gráfico empieza con la primera mano registrada.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Chance is what a fair shuffle deals on average, worked out exactly for each hand's set and deal size. Even fair deals stray from it; 95% of fair runs stay inside the band.</source>
        <translation>El azar es lo que reparte en promedio una mezcla justa, calculado con exactitud para el juego de fichas y el tamaño del reparto de cada mano. Hasta los repartos justos se apartan de él; el 95 % de las series justas quedan dentro de la banda.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>{player}: no recorded deals yet.</source>
        <translation>{player}: aún no hay repartos registrados.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>{measure}: {dealt} a hand, chance gives {chance} ({difference} in all, {z} σ): {verdict}.</source>
        <translation>{measure}: {dealt} por mano, el azar da {chance} ({difference} en total, {z} σ): {verdict}.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>%n earlier match(es) of {player} finished before deals were recorded: they are not counted, and the chart starts with the first recorded hand.</source>
        <translation>
            <numerusform>%n partida anterior de {player} terminó antes de que se registraran los repartos: no se cuenta, y el gráfico empieza con la primera mano registrada.</numerusform>
            <numerusform>%n partidas anteriores de {player} terminaron antes de que se registraran los repartos: no se cuentan, y el gráfico empieza con la primera mano registrada.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>%n hand(s) recorded for {player}.</source>
        <translation>
            <numerusform>%n mano registrada de {player}.</numerusform>
            <numerusform>%n manos registradas de {player}.</numerusform>
        </translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>CPU ({level})</source>
        <translation>CPU ({level})</translation>
    </message>
    <message>
        <source>random</source>
        <translation>al azar</translation>
    </message>
    <message>
        <source>easy</source>
        <translation>fácil</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>media</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>difícil</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>experta</translation>
    </message>
</context>
<context>
    <name>LuckChart</name>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Hand {number} ({date}, {preset}): dealt {dealt}, chance gives {chance}.
Running total {difference}; 95% of fair runs stay within ±{band}.</source>
        <translation>Mano {number} ({date}, {preset}): repartido {dealt}, el azar da {chance}.
Total acumulado {difference}; el 95 % de las series justas queda dentro de ±{band}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>Deal luck over time</source>
        <translation>La suerte en el reparto a lo largo del tiempo</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>{measure} of {player}: after {hands} hands, {difference} against chance; the band is ±{band}</source>
        <translation>{measure} de {player}: tras {hands} manos, {difference} frente al azar; la banda es ±{band}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>No recorded deals yet</source>
        <translation>Aún no hay repartos registrados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>{measure}: {player}</source>
        <translation>{measure}: {player}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>dealt − chance, running total</source>
        <translation>repartido − azar, total acumulado</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>where 95% of fair deals stay (±2σ)</source>
        <translation>donde queda el 95 % de los repartos justos (±2σ)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>chance</source>
        <translation>azar</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/deal_luck.py" line="1" />
        <source>hands, in the order played</source>
        <translation>manos, en el orden jugado</translation>
    </message>
</context>
<context>
    <name>Duplicate</name>
    <message>
        <source>not played yet</source>
        <translation>sin jugar aún</translation>
    </message>
    <message>
        <source>Every deal is played {n} times on the same tiles, once with you in each side's seats. Each cell: your side's points, then those of {others}, with those tiles.</source>
        <translation>Cada reparto se juega {n} veces con las mismas fichas, una vez contigo en los asientos de cada equipo. Cada casilla: los puntos de tu equipo y luego los de {others}, con esas fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="33" />
        <source>first play</source>
        <translation>primera jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="34" />
        <source>second play</source>
        <translation>segunda jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="35" />
        <source>third play</source>
        <translation>tercera jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="36" />
        <source>fourth play</source>
        <translation>cuarta jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="37" />
        <source>fifth play</source>
        <translation>quinta jugada</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="54" />
        <source>the CPUs on average</source>
        <translation>las CPU en promedio</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="56" />
        <source>the CPUs</source>
        <translation>las CPU</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="58" />
        <source>the CPU</source>
        <translation>la CPU</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="70" />
        <source>Duplicate: deal {n} of {total}, {play}</source>
        <translation>Duplicado: reparto {n} de {total}, {play}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="74" />
        <source>(your own seat)</source>
        <translation>(tu propio asiento)</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="77" />
        <source>(you sit in {name}'s seat)</source>
        <translation>(ocupas el asiento de {name})</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="107" />
        <source>Every deal was sealed before it was dealt: the results sheet checks them all.</source>
        <translation>Cada reparto se selló antes de repartirse: la hoja de resultados los comprueba todos.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="75" />
        <source>Dealt again from sealed deal {fp}: the same tiles, no new cut.</source>
        <translation>Repartido otra vez del reparto sellado {fp}: las mismas fichas, sin nuevo corte.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="114" />
        <source>Next: deal {n} again (fingerprint {fp}), the same tiles with everyone moved one seat on.</source>
        <translation>Siguiente: otra vez el reparto {n} (huella {fp}), las mismas fichas y todos corridos un asiento.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="123" />
        <source>You scored {n} more than {others} with the same tiles.</source>
        <translation>Sacaste {n} más que {others} con las mismas fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="127" />
        <source>You scored {n} less than {others} with the same tiles.</source>
        <translation>Sacaste {n} menos que {others} con las mismas fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="130" />
        <source>You scored exactly as much as {others} with the same tiles.</source>
        <translation>Sacaste exactamente lo mismo que {others} con las mismas fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="145" />
        <source>Duplicate match: results</source>
        <translation>Partida duplicada: resultados</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="150" />
        <source>Duplicate match so far</source>
        <translation>Partida duplicada hasta ahora</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="153" />
        <source>Every deal was played {n} times on the same tiles, once with you in each side's seats. Each cell: your side's points, then those of {others}, with those tiles.</source>
        <translation>Cada reparto se jugó {n} veces con las mismas fichas, una vez contigo en los asientos de cada equipo. Cada casilla: los puntos de tu equipo y luego los de {others}, con esas fichas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="165" />
        <source>Your score and the CPUs' with the same tiles, deal by deal</source>
        <translation>Tu puntuación y la de las CPU con las mismas fichas, reparto a reparto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="166" />
        <source>Deal</source>
        <translation>Reparto</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="171" />
        <source>Difference</source>
        <translation>Diferencia</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="182" />
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="199" />
        <source>New match</source>
        <translation>Partida nueva</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="227" />
        <source>Fair deals: all {n} plays were dealt from seeds sealed before the deal (fingerprints {first} …); every one checks.</source>
        <translation>Repartos justos: las {n} jugadas se repartieron con semillas selladas antes del reparto (huellas {first} …); todas se comprueban.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="234" />
        <source>Fair deals: {bad} of {n} plays do not match their seal.</source>
        <translation>Repartos justos: {bad} de {n} jugadas no coinciden con su sello.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="87" />
        <source>Play {n} of {total} · deals played from every seat: you {you}, {others} {cpu}</source>
        <translation>Mano {n} de {total} · repartos jugados desde todos los asientos: tú {you}, {others} {cpu}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="96" />
        <source>Play {n} of {total}</source>
        <translation>Mano {n} de {total}</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/duplicate_sheet.py" line="164" />
        <source>Tiles dealt to
{names}
you {dash} {others}</source>
        <translation>Fichas repartidas a
{names}
tú {dash} {others}</translation>
    </message>
</context>
<context>
    <name>RoomSocket</name>
    <message>
        <source>The private connection failed: {why}</source>
        <translation>La conexión privada falló: {why}</translation>
    </message>
    <message>
        <source>Not connected: this is not the host the invite names (its fingerprint is {seen}…, the invite says {pin}…).</source>
        <translation>Sin conectar: este no es el anfitrión que nombra la invitación (su huella es {seen}…, la invitación dice {pin}…).</translation>
    </message>
</context>
<context>
    <name>Voice</name>
    <message>
        <source>Clear the search</source>
        <translation>Borrar la búsqueda</translation>
    </message>
    <message>
        <source> to </source>
        <translation> a </translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <translation>{first} y {last}</translation>
    </message>
    <message>
        <source>End of the hand</source>
        <translation>Fin de la mano</translation>
    </message>
    <message>
        <source>Sealed deal</source>
        <translation>Reparto sellado</translation>
    </message>
    <message>
        <source>Who leads</source>
        <translation>Quién sale</translation>
    </message>
    <message>
        <source>Pass the screen</source>
        <translation>Pasar la pantalla</translation>
    </message>
    <message>
        <source>Redeal</source>
        <translation>Repartir de nuevo</translation>
    </message>
    <message>
        <source>No match at the table.</source>
        <translation>No hay partida en la mesa.</translation>
    </message>
    <message>
        <source>{said}, plus {points} this hand</source>
        <translation>{said}, más {points} en esta mano</translation>
    </message>
    <message>
        <source>{title}: {sides}. {goal}.</source>
        <translation>{title}: {sides}. {goal}.</translation>
    </message>
    <message>
        <source>No hand at the table.</source>
        <translation>No hay mano en la mesa.</translation>
    </message>
    <message>
        <source>No tile on the table yet.</source>
        <translation>Aún no hay fichas en la mesa.</translation>
    </message>
    <message>
        <source>Open ends: {ends}</source>
        <translation>Puntas abiertas: {ends}</translation>
    </message>
    <message>
        <source>Tiles in hand: {counts}.</source>
        <translation>Fichas en mano: {counts}.</translation>
    </message>
    <message>
        <source>Keys: L the line; E the open ends; N the numbers each player has shown they lack; C the tiles each holds; M your tiles that fit; S the score; T whose turn; V shorter or longer turn announcements; K these keys. Arrows choose a tile, Enter plays it; for a tile that fits two ends the arrows choose the end, Enter plays it there and Esc puts it back. D draws, P passes, H gives a hint, F turns a tile end over end, Ctrl+Z takes a move back, ? or F1 the rules, Ctrl+Tab leaves the table and Ctrl+Shift+Tab comes back.</source>
        <translation>Teclas: L la línea; E las puntas abiertas; N los números que cada jugador ha mostrado que le faltan; C las fichas de cada uno; M tus fichas que caben; S el marcador; T de quién es el turno; V avisos de turno más breves o más largos; K estas teclas. Las flechas eligen una ficha, Intro la juega; con una ficha que cabe en dos puntas las flechas eligen la punta, Intro la juega allí y Esc la devuelve. D roba, P pasa, H da una pista, F da la vuelta a una ficha, Ctrl+Z deshace una jugada, ? o F1 las reglas, Ctrl+Tab sale de la mesa y Ctrl+Mayús+Tab vuelve a ella.</translation>
    </message>
    <message>
        <source>Short turn announcements.</source>
        <translation>Avisos de turno breves.</translation>
    </message>
    <message>
        <source>Full turn announcements.</source>
        <translation>Avisos de turno completos.</translation>
    </message>
</context>
<context>
    <name>TableQuestions</name>
    <message>
        <source>Right</source>
        <translation>Derecha</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>Izquierda</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Arriba</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Abajo</translation>
    </message>
    <message>
        <source>{first} or {last}</source>
        <translation>{first} o {last}</translation>
    </message>
    <message>
        <source>No tile on the table yet.</source>
        <translation>Aún no hay fichas en la mesa.</translation>
    </message>
    <message>
        <source>The line, left to right: {tiles}.</source>
        <translation>La línea, de izquierda a derecha: {tiles}.</translation>
    </message>
    <message>
        <source>Centre {tile}.</source>
        <translation>Centro {tile}.</translation>
    </message>
    <message>
        <source>Branch of {tile}</source>
        <translation>Rama de {tile}</translation>
    </message>
    <message>
        <source>{arm}: {tiles}, ends on {end}.</source>
        <translation>{arm}: {tiles}, termina en {end}.</translation>
    </message>
    <message>
        <source>{arm}: empty, open on {end}.</source>
        <translation>{arm}: vacío, abierto en {end}.</translation>
    </message>
    <message>
        <source>double {n}</source>
        <translation>doble {n}</translation>
    </message>
    <message>
        <source>Count {total}: scores {points}.</source>
        <translation>Suman {total}: se anotan {points}.</translation>
    </message>
    <message>
        <source>Count {total}: scores nothing.</source>
        <translation>Suman {total}: no se anota nada.</translation>
    </message>
    <message>
        <source>{name} is out of {numbers}.</source>
        <translation>{name} no tiene {numbers}.</translation>
    </message>
    <message>
        <source>Nobody has shown a number they lack yet.</source>
        <translation>Nadie ha mostrado aún un número que le falte.</translation>
    </message>
    <message>
        <source>None of your tiles fits.</source>
        <translation>Ninguna de tus fichas cabe.</translation>
    </message>
    <message>
        <source>You pose {tile}.</source>
        <translation>Sales con {tile}.</translation>
    </message>
    <message>
        <source>You may pose {tiles}.</source>
        <translation>Puedes salir con {tiles}.</translation>
    </message>
    <message>
        <source>Your tiles: {tiles}.</source>
        <translation>Tus fichas: {tiles}.</translation>
    </message>
    <message>
        <source>{end}, scoring {points}</source>
        <translation>{end}, y anotas {points}</translation>
    </message>
    <message>
        <source>{move} ({k} of {n})</source>
        <translation>{move} ({k} de {n})</translation>
    </message>
    <message>
        <source>{tile} on {ends}</source>
        <translation>{tile} en {ends}</translation>
    </message>
    <message>
        <source>Fits: {plays}.</source>
        <translation>Caben: {plays}.</translation>
    </message>
    <message>
        <source>Stock: {count}.</source>
        <translation>En el pozo: {count}.</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Tu turno</translation>
    </message>
    <message>
        <source>{name}, your turn</source>
        <translation>{name}, tu turno</translation>
    </message>
    <message>
        <source>You drew {tiles}.</source>
        <translation>Robaste {tiles}.</translation>
    </message>
    <message>
        <source>{opening}: you lead.</source>
        <translation>{opening}: sales tú.</translation>
    </message>
    <message>
        <source>{opening}: {ends}.</source>
        <translation>{opening}: {ends}.</translation>
    </message>
    <message>
        <source>Pass.</source>
        <translation>Pasa.</translation>
    </message>
    <message>
        <source>Draw.</source>
        <translation>Roba.</translation>
    </message>
    <message>
        <source>{opening}. Open ends: {ends}.</source>
        <translation>{opening}. Puntas abiertas: {ends}.</translation>
    </message>
    <message>
        <source>Nothing fits: pass (P).</source>
        <translation>Ninguna ficha cabe: pasa (P).</translation>
    </message>
    <message>
        <source>Nothing fits: draw (D).</source>
        <translation>Ninguna ficha cabe: roba (D).</translation>
    </message>
    <message>
        <source>Tiles that fit: {count}.</source>
        <translation>Fichas que caben: {count}.</translation>
    </message>
    <message>
        <source>{first} and {last}</source>
        <comment>the numbers a player is out of</comment>
        <translation>{first} ni {last}</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <source>you</source>
        <comment>after a preposition: 1 hand to you</comment>
        <translation>ti</translation>
    </message>
</context>
<context>
    <name>LookDialog</name>
    <message>
        <source>Tile finish</source>
        <translation>Acabado de las fichas</translation>
    </message>
    <message>
        <source>Pips</source>
        <translation>Tantos</translation>
    </message>
    <message>
        <source>Centre pin</source>
        <translation>Clavo central</translation>
    </message>
    <message>
        <source>Table theme</source>
        <translation>Tema de la mesa</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Cámara</translation>
    </message>
    <message>
        <source>Motion</source>
        <translation>Movimiento</translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>Velocidad de animación</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <source>First move</source>
        <translation>Primera jugada</translation>
    </message>
    <message>
        <source>Previous move</source>
        <translation>Jugada anterior</translation>
    </message>
    <message>
        <source>Next move</source>
        <translation>Jugada siguiente</translation>
    </message>
    <message>
        <source>Last move</source>
        <translation>Última jugada</translation>
    </message>
</context>
<context>
    <name>SkillPage</name>
    <message>
        <source>, </source>
        <comment>between the CPU levels' ratings</comment>
        <translation>; </translation>
    </message>
    <message>
        <source>A costly decision: opens the coach on it</source>
        <translation>Una decisión costosa: abre el entrenador en ella</translation>
    </message>
    <message>
        <source>You play like {level}: {value}; the CPU levels: {levels}.</source>
        <translation>Juegas como {level}: {value}; los niveles de la CPU: {levels}.</translation>
    </message>
    <message>
        <source>Not enough hands yet to tell a trend.</source>
        <translation>Aún no hay manos suficientes para ver una tendencia.</translation>
    </message>
    <message>
        <source>Improving: the last 100 hands are better than the whole record.</source>
        <translation>Mejorando: las últimas 100 manos son mejores que todo el historial.</translation>
    </message>
    <message>
        <source>Slipping: the last 100 hands are worse than the whole record.</source>
        <translation>Empeorando: las últimas 100 manos son peores que todo el historial.</translation>
    </message>
    <message>
        <source>Steady: the last 100 hands are in line with the whole record.</source>
        <translation>Estable: las últimas 100 manos van en línea con todo el historial.</translation>
    </message>
    <message>
        <source>no decision to rate yet</source>
        <translation>aún no hay decisiones que valorar</translation>
    </message>
    <message>
        <source>{value} (too few hands for an interval yet)</source>
        <translation>{value} (aún muy pocas manos para un intervalo)</translation>
    </message>
    <message>
        <source>{value} (95% interval {low} to {high})</source>
        <translation>{value} (intervalo del 95 %: de {low} a {high})</translation>
    </message>
    <message>
        <source>Error rate over time</source>
        <translation>Índice de error en el tiempo</translation>
    </message>
    <message>
        <source>Error rate over the last 100 hands (lower is better)</source>
        <translation>Índice de error en las últimas 100 manos (más bajo es mejor)</translation>
    </message>
    <message>
        <source>No judged hands yet</source>
        <translation>Aún no hay manos juzgadas</translation>
    </message>
    <message>
        <source>Whose skill</source>
        <translation>De quién es la destreza</translation>
    </message>
    <message>
        <source>Player {n}</source>
        <translation>Jugador {n}</translation>
    </message>
    <message>
        <source>Scoring family</source>
        <translation>Familia de puntuación</translation>
    </message>
    <message>
        <source>Your error rate</source>
        <translation>Tu índice de error</translation>
    </message>
    <message>
        <source>Error rate: the hundredths of a hand you give away per decision, judged by what you could see (luck left out). Lower is better; forced moves do not count.</source>
        <translation>Índice de error: las centésimas de mano que regalas por decisión, juzgadas por lo que podías ver (sin la suerte). Más bajo es mejor; las jugadas forzadas no cuentan.</translation>
    </message>
    <message>
        <source>Where you stand among the CPU levels</source>
        <translation>Dónde estás entre los niveles de la CPU</translation>
    </message>
    <message>
        <source>The costliest decisions of your last ten hands</source>
        <translation>Las decisiones más caras de tus últimas diez manos</translation>
    </message>
    <message>
        <source>Export skill record…</source>
        <translation>Exportar el historial de destreza…</translation>
    </message>
    <message>
        <source>Export the skill record to one file</source>
        <translation>Exportar el historial de destreza a un archivo</translation>
    </message>
    <message>
        <source>Import skill record…</source>
        <translation>Importar un historial de destreza…</translation>
    </message>
    <message>
        <source>Import a skill record from a file</source>
        <translation>Importar un historial de destreza desde un archivo</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Jugador</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>Familia</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Nothing judged yet. Finish a hand you play: your decisions in it are judged in the background, and your error rate shows here. A skill record exported from another computer can be imported below.</source>
        <translation>Aún no hay nada juzgado. Termina una mano que juegues: tus decisiones en ella se juzgan en segundo plano y tu índice de error aparece aquí. Un historial de destreza exportado desde otra computadora se puede importar abajo.</translation>
    </message>
    <message>
        <source>Error rate: {rating}</source>
        <translation>Índice de error: {rating}</translation>
    </message>
    <message>
        <source>Last 100 hands: {rating}</source>
        <translation>Últimas 100 manos: {rating}</translation>
    </message>
    <message>
        <source>Error rate {whole}. Last 100 hands {recent}. {trend}</source>
        <translation>Índice de error {whole}. Últimas 100 manos {recent}. {trend}</translation>
    </message>
    <message>
        <source>The CPU levels&apos; ratings are not calibrated yet.</source>
        <translation>Los índices de los niveles de la CPU aún no están calibrados.</translation>
    </message>
    <message>
        <source>Hand {hand}, move {move}: you played {chosen}; best {best} (cost {loss})</source>
        <translation>Mano {hand}, jugada {move}: jugaste {chosen}; lo mejor {best} (costó {loss})</translation>
    </message>
    <message>
        <source>Open the coach on: {words}</source>
        <translation>Abrir el entrenador en: {words}</translation>
    </message>
    <message>
        <source>best over 100 hands in a row: {value}</source>
        <translation>el mejor en 100 manos seguidas: {value}</translation>
    </message>
    <message>
        <source>best over 100 hands in a row: not yet, it takes 100 hands</source>
        <translation>el mejor en 100 manos seguidas: aún no, hacen falta 100 manos</translation>
    </message>
    <message>
        <source>Records: {best}; the most hands in a row without a slip: {run}.</source>
        <translation>Récords: {best}; más manos seguidas sin un desliz: {run}.</translation>
    </message>
    <message>
        <source>Duplicate deals won against the other table: {won} of {n}.</source>
        <translation>Repartos duplicados ganados a la otra mesa: {won} de {n}.</translation>
    </message>
    <message>
        <source>Practice (hands with Undo or a hint): none. They are always kept apart.</source>
        <translation>Práctica (manos con Deshacer o una pista): ninguna. Siempre se guardan aparte.</translation>
    </message>
    <message>
        <source>Coach</source>
        <translation>Entrenador</translation>
    </message>
    <message>
        <source>This hand cannot be shown: {why}</source>
        <translation>Esta mano no se puede mostrar: {why}</translation>
    </message>
    <message>
        <source>Export skill record</source>
        <translation>Exportar el historial de destreza</translation>
    </message>
    <message>
        <source>Skill records (*.json)</source>
        <translation>Historiales de destreza (*.json)</translation>
    </message>
    <message>
        <source>Import skill record</source>
        <translation>Importar un historial de destreza</translation>
    </message>
    <message>
        <source>Skill records (*.json);;All files (*)</source>
        <translation>Historiales de destreza (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Could not export to {file}: {reason}</source>
        <translation>No se pudo exportar a {file}: {reason}</translation>
    </message>
    <message>
        <source>Could not import: {reason}</source>
        <translation>No se pudo importar: {reason}</translation>
    </message>
    <message>
        <source>Fives (end points)</source>
        <translation>Cincos (puntos de las puntas)</translation>
    </message>
    <message>
        <source>Points (block, draw and Caribbean games to points)</source>
        <translation>Puntos (bloqueo, robo y juegos caribeños a puntos)</translation>
    </message>
    <message>
        <source>Hands (Caribbean games to hands)</source>
        <translation>Manos (juegos caribeños a manos)</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Al azar</translation>
    </message>
    <message>
        <source>Easy</source>
        <translation>Fácil</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Medio</translation>
    </message>
    <message>
        <source>Hard</source>
        <translation>Difícil</translation>
    </message>
    <message>
        <source>Expert</source>
        <translation>Experto</translation>
    </message>
</context>
<context>
    <name>LuckLine</name>
    <message numerus="yes">
        <source>This match: luck {luck} · your decisions {cost} ({slips} in %n hand(s))</source>
        <translation>
            <numerusform>Esta partida: suerte {luck} · tus decisiones {cost} ({slips} en %n mano)</numerusform>
            <numerusform>Esta partida: suerte {luck} · tus decisiones {cost} ({slips} en %n manos)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n slip(s)</source>
        <translation>
            <numerusform>%n desliz</numerusform>
            <numerusform>%n deslices</numerusform>
        </translation>
    </message>
    <message>
        <source>Against the other table, with the same cards: {diff}</source>
        <translation>Frente a la otra mesa, con las mismas fichas: {diff}</translation>
    </message>
    <message>
        <source>no slip</source>
        <translation>ningún desliz</translation>
    </message>
    <message>
        <source>small losses only, no slip</source>
        <translation>solo pérdidas pequeñas, ningún desliz</translation>
    </message>
    <message>
        <source>one slip, see the coach</source>
        <translation>un desliz, mira el entrenador</translation>
    </message>
    <message>
        <source>{n} slips, see the coach</source>
        <translation>{n} deslices, mira el entrenador</translation>
    </message>
    <message>
        <source>Luck {luck} · your decisions {cost}: {slips}</source>
        <translation>Suerte {luck} · tus decisiones {cost}: {slips}</translation>
    </message>
    <message>
        <source>Luck and your decisions: being judged…</source>
        <translation>Suerte y tus decisiones: juzgándose…</translation>
    </message>
</context>
<context>
    <name>SkillCounts</name>
    <message numerus="yes">
        <source>You are placed among the CPU levels after %n more decision(s); the CPU levels: {levels}.</source>
        <translation>
            <numerusform>Se te situará entre los niveles de la CPU tras %n decisión más; los niveles de la CPU: {levels}.</numerusform>
            <numerusform>Se te situará entre los niveles de la CPU tras %n decisiones más; los niveles de la CPU: {levels}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s)</source>
        <translation>
            <numerusform>%n mano</numerusform>
            <numerusform>%n manos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>provisional: %n decision(s) so far</source>
        <translation>
            <numerusform>provisional: %n decisión hasta ahora</numerusform>
            <numerusform>provisional: %n decisiones hasta ahora</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Practice (hands with Undo or a hint), kept apart: {rating} over %n hand(s).</source>
        <translation>
            <numerusform>Práctica (manos con Deshacer o una pista), aparte: {rating} en %n mano.</numerusform>
            <numerusform>Práctica (manos con Deshacer o una pista), aparte: {rating} en %n manos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s) judged; error rate now {rating}. {trend}</source>
        <translation>
            <numerusform>%n mano juzgada; índice de error actual {rating}. {trend}</numerusform>
            <numerusform>%n manos juzgadas; índice de error actual {rating}. {trend}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of your hands are still being judged.</source>
        <translation>
            <numerusform>Aún se está juzgando %n de tus manos.</numerusform>
            <numerusform>Aún se están juzgando %n de tus manos.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n judged hand(s) to {file}.</source>
        <translation>
            <numerusform>Se exportó %n mano juzgada a {file}.</numerusform>
            <numerusform>Se exportaron %n manos juzgadas a {file}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n new judged hand(s) from {file}.</source>
        <translation>
            <numerusform>Se importó %n mano juzgada nueva de {file}.</numerusform>
            <numerusform>Se importaron %n manos juzgadas nuevas de {file}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StoreService</name>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics were damaged; they were kept as {kept} and a new record started.</source>
        <translation>Las estadísticas estaban dañadas; se guardaron como {kept} y se empezó un registro nuevo.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The saved match {name} was damaged; it was kept as {kept}.</source>
        <translation>La partida guardada {name} estaba dañada; se guardó como {kept}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The saved match {name} was damaged and could not be moved aside, so it was ignored.</source>
        <translation>La partida guardada {name} estaba dañada y no se pudo apartar, así que no se usó.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The previous save was used instead.</source>
        <translation>Se usó la partida guardada anterior.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics are in use by another program; results will be recorded later.</source>
        <translation>Otro programa está usando las estadísticas; los resultados se registrarán más tarde.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics cannot be recorded; the game goes on without them.</source>
        <translation>No se pueden registrar las estadísticas; el juego sigue sin ellas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>the disk is full</source>
        <translation>el disco está lleno</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>the disk or folder is read-only</source>
        <translation>el disco o la carpeta son de solo lectura</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>the game may not write there</source>
        <translation>el juego no tiene permiso para escribir ahí</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>the file could not be written</source>
        <translation>no se pudo escribir el archivo</translation>
    </message>
    <message>
        <source>the file could not be read</source>
        <translation>no se pudo leer el archivo</translation>
    </message>
    <message>
        <source>the file is too large to be a match</source>
        <translation>el archivo es demasiado grande para ser una partida</translation>
    </message>
    <message>
        <source>it is not a Dominoes Desktop match</source>
        <translation>no es una partida de Dominoes Desktop</translation>
    </message>
    <message>
        <source>it was made by another version of the game</source>
        <translation>lo hizo otra versión del juego</translation>
    </message>
    <message>
        <source>the file is damaged</source>
        <translation>el archivo está dañado</translation>
    </message>
    <message>
        <source>an unexpected fault; the log has the details</source>
        <translation>un fallo inesperado; el registro tiene los detalles</translation>
    </message>
    <message>
        <source>The file of results waiting to be recorded ({name}) was damaged; it was kept as {kept}. Nothing else was lost.</source>
        <translation>El archivo de resultados pendientes de registrar ({name}) estaba dañado; se guardó como {kept}. No se perdió nada más.</translation>
    </message>
    <message>
        <source>The file of results waiting to be recorded ({name}) is damaged and could not be moved aside, so it is ignored. Nothing else was lost.</source>
        <translation>El archivo de resultados pendientes de registrar ({name}) está dañado y no se pudo apartar, así que se ignora. No se perdió nada más.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>{file} could not be read.</source>
        <translation>No se pudo leer {file}.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>{file} is not a Dominoes Desktop skill file.</source>
        <translation>{file} no es un historial de destreza de Dominó de Escritorio.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>{file} was made by another version of the game.</source>
        <translation>{file} se hizo con otra versión del juego.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>{file} is damaged: nothing was imported.</source>
        <translation>{file} está dañado: no se importó nada.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics are in use by another program; try again later.</source>
        <translation>Otro programa está usando las estadísticas; inténtalo más tarde.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics are damaged.</source>
        <translation>Las estadísticas están dañadas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics cannot be read here.</source>
        <translation>Aquí no se pueden leer las estadísticas.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The skill record could not be read.</source>
        <translation>No se pudo leer el historial de destreza.</translation>
    </message>
    <message>
        <location filename="../../dominoes_desktop/ui/shell/store_service.py" line="1" />
        <source>The statistics were made by a newer version of the game; this version leaves them as they are.</source>
        <translation>Las estadísticas las hizo una versión más nueva del juego; esta versión las deja como están.</translation>
    </message>
</context>
<context>
    <name>RoomRefusal</name>
    <message>
        <source>every friend&apos;s seat in this room is taken</source>
        <translation>todos los asientos de amigos de esta sala están ocupados</translation>
    </message>
    <message>
        <source>no room has that code: check the invite</source>
        <translation>ninguna sala tiene ese código: revisa la invitación</translation>
    </message>
    <message>
        <source>too many wrong room codes: the server closed the connection</source>
        <translation>demasiados códigos de sala equivocados: el servidor cerró la conexión</translation>
    </message>
    <message>
        <source>the server holds as many rooms as it can: try later</source>
        <translation>el servidor ya tiene todas las salas que puede: prueba más tarde</translation>
    </message>
    <message>
        <source>this computer already holds as many rooms as it may</source>
        <translation>esta computadora ya tiene todas las salas que se permiten</translation>
    </message>
    <message>
        <source>this computer already holds as many connections as it may</source>
        <translation>esta computadora ya tiene todas las conexiones que se permiten</translation>
    </message>
    <message>
        <source>slow down: one message every two seconds</source>
        <translation>más despacio: un mensaje cada dos segundos</translation>
    </message>
    <message>
        <source>too many messages at once</source>
        <translation>demasiados mensajes a la vez</translation>
    </message>
    <message>
        <source>too many bad messages: the server closed the connection</source>
        <translation>demasiados mensajes erróneos: el servidor cerró la conexión</translation>
    </message>
    <message>
        <source>the server speaks another version of the game&apos;s protocol</source>
        <translation>el servidor habla otra versión del protocolo del juego</translation>
    </message>
    <message>
        <source>the connection was idle too long and was closed</source>
        <translation>la conexión estuvo inactiva demasiado tiempo y se cerró</translation>
    </message>
    <message>
        <source>the server could not handle that message</source>
        <translation>el servidor no pudo atender ese mensaje</translation>
    </message>
    <message>
        <source>this window holds no seat in the room</source>
        <translation>esta ventana no tiene asiento en la sala</translation>
    </message>
    <message>
        <source>the seat kept for you is not in this room any more</source>
        <translation>el asiento guardado para ti ya no está en esta sala</translation>
    </message>
</context>
</TS>
