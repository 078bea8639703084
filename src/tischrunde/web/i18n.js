// Every player-facing string by key, German and English. Placeholders are {name}; nothing is glued by hand.

const STRINGS = {
  de: {
    "app.title": "tischrunde",
    "app.tagline": "Partyspiele am Tisch: jedes Handy ist deine Hand.",
    "lang.de": "Deutsch",
    "lang.en": "English",
    "lang.switch": "Sprache",
    "start.create": "Raum erstellen",
    "start.join": "Raum beitreten",
    "start.game": "Spiel",
    "start.players": "{min}–{max} Spieler:innen",
    "start.options": "Regeln",
    "start.room_language": "Sprache des Raums",
    "start.your_name": "Dein Name",
    "start.name_placeholder": "z. B. Kim",
    "start.code": "Raumcode",
    "start.code_placeholder": "z. B. KMTR",
    "start.create_button": "Raum erstellen",
    "start.join_button": "Beitreten",
    "start.watch_button": "Nur zuschauen",
    "start.table_button": "Als Tischansicht öffnen",
    "start.no_games": "Keine Spiele verfügbar.",
    "start.loading": "Lade …",
    "start.name_needed": "Bitte gib einen Namen ein.",
    "start.code_needed": "Bitte gib den Raumcode ein.",
    "start.default": "Standard: {value}",
    "start.number": "{value}",
    "start.default_table": "Standardtabelle",
    "start.own_table": "eigene Tabelle (hier nicht änderbar)",
    "lobby.refused": "Das geht so nicht – der Server sagt: {reason}",
    "frame.ranking_hide": "Tisch ansehen",
    "frame.ranking_show": "Endstand zeigen",
    "start.source.seed": "Grundregel",
    "start.source.official": "offizielle Regel",
    "start.source.ours": "Hausregel",
    "start.option_on": "eingeschaltet",
    "start.soon": "Im Browser bald spielbar",
    "join.title": "Raum {code} beitreten",
    "join.connecting": "Verbinde …",
    "join.reconnecting": "Verbindung verloren – verbinde neu …",
    "join.room_missing": "Diesen Raum gibt es nicht.",
    "yes": "ja",
    "no": "nein",
    "lobby.title": "Warteraum",
    "lobby.code": "Raumcode",
    "lobby.qr_alt": "QR-Code zum Beitreten von Raum {code}",
    "lobby.link": "Link zum Beitreten",
    "lobby.copy": "Link kopieren",
    "lobby.copied": "Kopiert!",
    "lobby.seats": "Plätze",
    "lobby.empty_seat": "frei",
    "lobby.host_badge": "Gastgeber:in",
    "lobby.you": "du",
    "lobby.bot": "Bot",
    "lobby.offline": "offline",
    "lobby.add_bot": "Bot hinzufügen",
    "lobby.bot_level": "Bot · {level}",
    "lobby.bot_strength": "Wie stark spielt der Bot?",
    "bot.level.easy": "leicht",
    "bot.level.normal": "mittel",
    "bot.level.hard": "stark",
    "lobby.remove_bot": "Bot entfernen",
    "lobby.kick": "Entfernen",
    "lobby.make_host": "Zum Gastgeber machen",
    "lobby.lock": "Raum schließen",
    "lobby.unlock": "Raum öffnen",
    "lobby.locked": "Der Raum ist geschlossen: niemand kann mehr beitreten.",
    "lobby.start": "Spiel starten",
    "lobby.need_players": "Es braucht mindestens {min} Spieler:innen.",
    "lobby.too_many": "{game} spielen höchstens {max} Personen: jemand muss aussetzen.",
    "lobby.waiting_host": "Warte, bis {name} das Spiel startet …",
    "lobby.waiting_host_none": "Warte auf den Start …",
    "lobby.options": "Regeln",
    "lobby.save_options": "Regeln übernehmen",
    "lobby.takeover": "Bot übernimmt leeren Platz nach (Sekunden, 0 = nie)",
    "lobby.watching.one": "1 Person schaut zu",
    "lobby.watching.other": "{count} schauen zu",
    "lobby.table_link": "Tischansicht öffnen",
    "menu.open": "Menü",
    "menu.close": "Schließen",
    "menu.sound": "Ton und Vibration",
    "menu.sound_on": "an",
    "menu.sound_off": "aus",
    "frame.announce": "{status}. Zuletzt: {last}",
    "menu.leave": "Raum verlassen",
    "menu.leave_confirm": "Wirklich verlassen? Nochmal tippen",
    "menu.rules": "Regeln in diesem Raum",
    "menu.restart": "Neues Spiel",
    "frame.room": "Raum {code}",
    "frame.turn_of": "{name} ist dran",
    "frame.your_turn": "Du bist dran!",
    "frame.wait_for": "Warte auf {names}",
    "frame.spectating": "Du schaust zu.",
    "frame.table_screen": "Tischansicht",
    "frame.log": "Verlauf",
    "frame.offline": "offline",
    "frame.turn_badge": "am Zug",
    "frame.connection_lost": "Verbindung verloren – verbinde neu …",
    "frame.private": "nur für dich",
    "frame.game_over": "Spiel vorbei",
    "frame.ranking": "Endstand",
    "frame.rank": "{rank}.",
    "frame.winner": "Sieg!",
    "frame.back_to_start": "Zur Startseite",
    "frame.play_again": "Noch eine Runde (neues Spiel)",
    "frame.waiting_restart": "Warte, ob {name} ein neues Spiel startet.",
    "err.bad_frame": "Die Nachricht war fehlerhaft.",
    "err.too_large": "Die Nachricht war zu groß.",
    "err.rate_limited": "Langsam! Zu viele Aktionen auf einmal.",
    "err.unknown_room": "Diesen Raum gibt es nicht.",
    "err.room_locked": "Der Raum ist geschlossen.",
    "err.room_full": "Der Raum ist voll.",
    "err.bad_token": "Dein Platz ist nicht mehr gültig. Bitte tritt neu bei.",
    "err.not_host": "Das darf nur die Gastgeber:in.",
    "err.not_seated": "Du hast keinen Platz in diesem Raum.",
    "err.stale_version": "Zu spät – das Spiel ging schon weiter.",
    "err.game_not_running": "Das Spiel läuft gerade nicht.",
    "err.not_your_turn": "Du bist nicht dran.",
    "err.network": "Keine Verbindung zum Server.",
    "err.kicked": "Du wurdest aus dem Raum entfernt.",
    "err.bad_config": "Diese Einstellung ist nicht erlaubt.",
    "err.bad_option": "„{option}“ geht so nicht – erlaubt: {allowed}.",
    "err.bad_option_combo": "„{option}“ passt so nicht zu den anderen Regeln.",
    "err.range": "{min} bis {max}",
    "err.at_least": "ab {min}",
    "err.bad_players": "Die Zahl der Spieler:innen passt nicht zu {game} mit diesen Regeln ({min}–{max} möglich).",
    "err.bad_game": "Dieses Spiel gibt es hier nicht.",
    "err.bad_language": "Ein Raum spricht Deutsch oder Englisch.",
    "err.bad_takeover": "Diese Wartezeit, bis ein Bot einspringt, geht nicht.",
    "err.bad_bot": "Diesen Bot gibt es nicht.",
    "err.bad_options": "Die Regeln ließen sich nicht lesen.",
    "err.bad_deck": "Ein eigener Kartenstapel passt nicht zu den Regeln.",
    "err.game_running": "Das geht nicht, solange ein Spiel läuft.",
    "err.bots_not_allowed": "In diesem Spiel spielen nur Menschen – kein Bot kann mitspielen.",
    "err.malformed_action": "Dieser Zug ließ sich nicht lesen.",
    "err.illegal_action": "Das ist gerade nicht erlaubt.",
    "err.busy": "Der Server ist gerade beschäftigt – bitte gleich noch einmal.",
    "err.unknown_picture": "Dieses Bild gibt es nicht.",
    "net.not_sent_offline": "Nicht gesendet: keine Verbindung. Tippe nochmal, wenn sie wieder da ist.",
    "net.not_sent_lost": "Die Verbindung brach ab, bevor dein Zug ankam – er wurde nicht gesendet. Schau, was das Spiel jetzt zeigt.",
    "err.name_taken": "Diesen Namen gibt es in diesem Raum schon (oder er klingt wie ein Bot). Wähle bitte einen anderen.",
    "join.game": "Hier wird {game} gespielt.",
    "join.people": "Schon da: {names}",
    "join.nobody": "Noch niemand da – du bist die erste Person.",
    "join.bots.one": "und 1 Bot",
    "join.bots.other": "und {count} Bots",
    "join.running": "Gerade läuft ein Spiel: du schaust zu und hast einen Platz im nächsten.",
    "join.running_watch": "Gerade läuft ein Spiel: du kannst zuschauen.",
    "lobby.unreachable": "Handys erreichen diese Adresse nicht: der Server hört nur auf diesem Gerät zu.",
    "lobby.unreachable_how": "Starte ihn mit „make run“ (alle Netzwerke) oder „tischrunde serve --host 0.0.0.0“, dann zeigt dieser Code die Adresse im WLAN.",
    "night.seated": "Du spielst jetzt mit: Platz {seat} gehört dir.",
    "night.waiting_head.one": "Hat einen Platz im nächsten Spiel:",
    "night.waiting_head.other": "Haben einen Platz im nächsten Spiel:",
    "night.waiting_lobby": "Du hast einen Platz im nächsten Spiel, sobald einer frei ist.",
    "night.waiting_game": "Du schaust bei diesem Spiel zu und hast einen Platz im nächsten.",
    "night.waiting_next": "Warte, bis {name} weitermacht: nochmal oder zurück in den Warteraum.",
    "night.teams": "Teams (Partner:innen sitzen sich gegenüber)",
    "night.teams_uneven": "Teams brauchen eine gerade Zahl von Personen, mindestens 4.",
    "night.team": "Team {no}: {names}",
    "night.first.mogelmotte": "Wer ist am ältesten?",
    "night.first.wordland": "Wer ist am jüngsten?",
    "night.first.other": "Wer fängt an?",
    "night.first_random": "Zufall",
    "night.note_bots": "{bots} entfernt: {game} spielen nur Menschen.",
    "night.evening": "Dieser Abend",
    "night.wins.one": "1 Sieg",
    "night.wins.other": "{count} Siege",
    "night.won_by": "gewonnen: {names}",
    "night.no_winner": "niemand gewann",
    "night.game_no": "{n}. {game}",
    "night.record": "Protokoll (JSON)",
    "night.switch": "Nächstes Spiel wählen",
    "night.switch_to": "{game} als Nächstes spielen",
    "night.to_lobby": "Zurück in den Warteraum",
    "night.play_again": "Nochmal dasselbe",
    "night.to_lobby_confirm": "Das Spiel läuft noch – wirklich beenden? Nochmal tippen",
    "frame.away.one": "{names} ist weg (keine Verbindung)",
    "frame.away.other": "{names} sind weg (keine Verbindung)",
    "optname.mogelmotte.cheat_ms": "Zeit zum Mogeln",
    "optname.mogelmotte.slap_window_ms": "Zeit zum Draufhauen",
    "optname.mogelmotte.throw_window_ms": "Zeit zum Werfen",
    "optname.mogelmotte.rounds": "Anzahl der Runden",
    "optname.mogelmotte.hand_size": "Handkarten zu Rundenbeginn",
    "optname.mogelmotte.last_card_action": "Aktion der letzten Karte",
    "optname.mogelmotte.give_last_card": "Letzte Karte verschenken",
    "optname.mogelmotte.guard_chooses_card": "Wächter sucht die Strafkarte aus",
    "optname.mogelmotte.cockroach_continue": "Weiter nach der Kakerlake",
    "optname.mogelmotte.slowest_rule": "Wer war am langsamsten",
    "optname.mogelmotte.round_pause_ms": "Pause zwischen den Runden",
    "optname.emojito.mode": "Spielart",
    "optname.emojito.wrong_step": "Felder pro falscher Wählscheibe",
    "optname.emojito.trophy_target": "Trophäen bis zum Ende (kooperativ)",
    "optname.emojito.secret_message": "Geheime Nachricht",
    "optname.emojito.each_target": "Trophäen bis zum Ende (jeder gegen jeden)",
    "optname.emojito.teams_target": "Trophäen bis zum Ende (Teams)",
    "optname.emojito.performer_challengeable": "Darsteller:in herausfordern",
    "optname.emojito.challenger_bonus_stacks": "Bonus der Herausforderung zusätzlich",
    "optname.emojito.dial_timeout_s": "Sekunden für die Wählscheiben",
    "optname.stella.dark_fall": "Punkte im Dunkeln nach dem Fallen",
    "optname.stella.row_order": "Reihenfolge neuer Bilderreihen",
    "optname.stella.rounds": "Anzahl der Runden",
    "optname.stella.max_marks": "Höchstens markieren",
    "optname.stella.min_marks": "Mindestens markieren",
    "optname.stella.mark_timeout_s": "Sekunden zum Markieren",
    "optname.stella.turn_timeout_s": "Sekunden für Wortwahl und Nennen",
    "optname.stella.picture_count": "Größe des Bilderstapels",
    "optname.wordland.difficulty": "Schwierigkeit (verbotene Buchstaben)",
    "optname.wordland.timer_s": "Sekunden pro Zug (Teekanne)",
    "optname.wordland.objection_s": "Sekunden für Einspruch",
    "optname.wordland.vote_s": "Sekunden für die Abstimmung",
    "optname.wordland.choose_s": "Sekunden für Kategorie und Wette",
    "optname.wordland.fold_umlauts": "Umlaute als Grundbuchstaben",
    "optname.wordland.input": "Wörter tippen oder sagen",
    "optname.wordland.scoring": "Wertungskarten",
    "optname.wordland.hatter_scope": "Wirkung des Hutmachers",
    "optname.wordland.bonus_when_out": "Boni auch nach dem Ausscheiden",
    "optname.wordland.rounds": "Anzahl der Runden",
    "optname.wordland.wrong_word": "Falsches Wort",
    "optname.wordland.round_pause_ms": "Pause zwischen den Runden",
    "optname.emojito.round_pause_ms": "Pause zwischen den Runden",
    "optname.stella.round_pause_ms": "Pause zwischen den Runden",
  },
  en: {
    "app.title": "tischrunde",
    "app.tagline": "Party games at the table: every phone is your hand.",
    "lang.de": "Deutsch",
    "lang.en": "English",
    "lang.switch": "Language",
    "start.create": "Create a room",
    "start.join": "Join a room",
    "start.game": "Game",
    "start.players": "{min}–{max} players",
    "start.options": "Rules",
    "start.room_language": "Room language",
    "start.your_name": "Your name",
    "start.name_placeholder": "e.g. Kim",
    "start.code": "Room code",
    "start.code_placeholder": "e.g. KMTR",
    "start.create_button": "Create room",
    "start.join_button": "Join",
    "start.watch_button": "Just watch",
    "start.table_button": "Open as table screen",
    "start.no_games": "No games available.",
    "start.loading": "Loading …",
    "start.name_needed": "Please enter a name.",
    "start.code_needed": "Please enter the room code.",
    "start.default": "Default: {value}",
    "start.number": "{value}",
    "start.default_table": "default table",
    "start.own_table": "own table (not editable here)",
    "lobby.refused": "That did not work – the server says: {reason}",
    "frame.ranking_hide": "Look at the table",
    "frame.ranking_show": "Show the ranking",
    "start.source.seed": "basic rule",
    "start.source.official": "official rule",
    "start.source.ours": "house rule",
    "start.option_on": "on",
    "start.soon": "Playable in the browser soon",
    "join.title": "Join room {code}",
    "join.connecting": "Connecting …",
    "join.reconnecting": "Connection lost – reconnecting …",
    "join.room_missing": "This room does not exist.",
    "yes": "yes",
    "no": "no",
    "lobby.title": "Lobby",
    "lobby.code": "Room code",
    "lobby.qr_alt": "QR code to join room {code}",
    "lobby.link": "Join link",
    "lobby.copy": "Copy link",
    "lobby.copied": "Copied!",
    "lobby.seats": "Seats",
    "lobby.empty_seat": "free",
    "lobby.host_badge": "host",
    "lobby.you": "you",
    "lobby.bot": "bot",
    "lobby.offline": "offline",
    "lobby.add_bot": "Add a bot",
    "lobby.bot_level": "bot · {level}",
    "lobby.bot_strength": "How well does the bot play?",
    "bot.level.easy": "easy",
    "bot.level.normal": "normal",
    "bot.level.hard": "strong",
    "lobby.remove_bot": "Remove bot",
    "lobby.kick": "Remove",
    "lobby.make_host": "Make host",
    "lobby.lock": "Lock room",
    "lobby.unlock": "Unlock room",
    "lobby.locked": "The room is locked: nobody else can join.",
    "lobby.start": "Start the game",
    "lobby.need_players": "At least {min} players are needed.",
    "lobby.too_many": "{game} is for at most {max} players: someone has to sit this one out.",
    "lobby.waiting_host": "Waiting for {name} to start the game …",
    "lobby.waiting_host_none": "Waiting for the start …",
    "lobby.options": "Rules",
    "lobby.save_options": "Apply rules",
    "lobby.takeover": "A bot takes an empty seat after (seconds, 0 = never)",
    "lobby.watching.one": "1 watching",
    "lobby.watching.other": "{count} watching",
    "lobby.table_link": "Open table screen",
    "menu.open": "Menu",
    "menu.close": "Close",
    "menu.sound": "Sound and vibration",
    "menu.sound_on": "on",
    "menu.sound_off": "off",
    "frame.announce": "{status}. Last: {last}",
    "menu.leave": "Leave room",
    "menu.leave_confirm": "Really leave? Tap again",
    "menu.rules": "Rules in this room",
    "menu.restart": "New game",
    "frame.room": "Room {code}",
    "frame.turn_of": "{name}'s turn",
    "frame.your_turn": "Your turn!",
    "frame.wait_for": "Waiting for {names}",
    "frame.spectating": "You are watching.",
    "frame.table_screen": "Table screen",
    "frame.log": "Log",
    "frame.offline": "offline",
    "frame.turn_badge": "to play",
    "frame.connection_lost": "Connection lost – reconnecting …",
    "frame.private": "only you see it",
    "frame.game_over": "Game over",
    "frame.ranking": "Final ranking",
    "frame.rank": "{rank}.",
    "frame.winner": "Winner!",
    "frame.back_to_start": "Back to the start page",
    "frame.play_again": "Play again (new game)",
    "frame.waiting_restart": "Waiting to see if {name} starts a new game.",
    "err.bad_frame": "That message was malformed.",
    "err.too_large": "That message was too large.",
    "err.rate_limited": "Slow down! Too many actions at once.",
    "err.unknown_room": "This room does not exist.",
    "err.room_locked": "The room is locked.",
    "err.room_full": "The room is full.",
    "err.bad_token": "Your seat is no longer valid. Please join again.",
    "err.not_host": "Only the host may do that.",
    "err.not_seated": "You have no seat in this room.",
    "err.stale_version": "Too late – the game has moved on.",
    "err.game_not_running": "The game is not running right now.",
    "err.not_your_turn": "It is not your turn.",
    "err.network": "No connection to the server.",
    "err.kicked": "You were removed from the room.",
    "err.bad_config": "This setting is not allowed.",
    "err.bad_option": "“{option}” cannot be set like that – allowed: {allowed}.",
    "err.bad_option_combo": "“{option}” does not fit the other rules like that.",
    "err.range": "{min} to {max}",
    "err.at_least": "{min} or more",
    "err.bad_players": "The number of players does not fit {game} with these rules ({min}–{max} possible).",
    "err.bad_game": "This game is not available here.",
    "err.bad_language": "A room speaks German or English.",
    "err.bad_takeover": "This wait before a bot takes over is not possible.",
    "err.bad_bot": "There is no such bot.",
    "err.bad_options": "The rules could not be read.",
    "err.bad_deck": "An own deck does not fit the rules.",
    "err.game_running": "Not possible while a game is running.",
    "err.bots_not_allowed": "This game is for people only – no bot can take a seat.",
    "err.malformed_action": "That move could not be read.",
    "err.illegal_action": "That is not allowed right now.",
    "err.busy": "The server is busy – please try again in a moment.",
    "err.unknown_picture": "There is no such picture.",
    "net.not_sent_offline": "Not sent: no connection. Tap again once it is back.",
    "net.not_sent_lost": "The connection broke before your move arrived – it was not sent. Look at what the game shows now.",
    "err.name_taken": "Someone in this room already has this name (or it sounds like a bot). Please choose another one.",
    "join.game": "This room plays {game}.",
    "join.people": "Already here: {names}",
    "join.nobody": "Nobody here yet – you are the first.",
    "join.bots.one": "and 1 bot",
    "join.bots.other": "and {count} bots",
    "join.running": "A game is running: you watch it and hold a seat in the next one.",
    "join.running_watch": "A game is running: you can watch it.",
    "lobby.unreachable": "Phones cannot reach this address: the server listens on this device only.",
    "lobby.unreachable_how": "Start it with “make run” (all networks) or “tischrunde serve --host 0.0.0.0”; then this code shows the Wi-Fi address.",
    "night.seated": "You are in: seat {seat} is yours.",
    "night.waiting_head.one": "Holds a seat in the next game:",
    "night.waiting_head.other": "Hold a seat in the next game:",
    "night.waiting_lobby": "You hold a seat in the next game as soon as one is free.",
    "night.waiting_game": "You watch this game and hold a seat in the next one.",
    "night.waiting_next": "Waiting for {name}: play again or back to the lobby.",
    "night.teams": "Teams (partners sit opposite)",
    "night.teams_uneven": "Teams need an even number of players, at least 4.",
    "night.team": "Team {no}: {names}",
    "night.first.mogelmotte": "Who is the oldest?",
    "night.first.wordland": "Who is the youngest?",
    "night.first.other": "Who starts?",
    "night.first_random": "Random",
    "night.note_bots": "{bots} removed: {game} is played by people only.",
    "night.evening": "This evening",
    "night.wins.one": "1 win",
    "night.wins.other": "{count} wins",
    "night.won_by": "won by {names}",
    "night.no_winner": "nobody won",
    "night.game_no": "{n}. {game}",
    "night.record": "Record (JSON)",
    "night.switch": "Choose the next game",
    "night.switch_to": "Play {game} next",
    "night.to_lobby": "Back to lobby",
    "night.play_again": "Play again",
    "night.to_lobby_confirm": "The game is still on – really end it? Tap again",
    "frame.away.one": "{names} is away (no connection)",
    "frame.away.other": "{names} are away (no connection)",
    "optname.mogelmotte.cheat_ms": "Time to cheat",
    "optname.mogelmotte.slap_window_ms": "Time to slap",
    "optname.mogelmotte.throw_window_ms": "Time to throw",
    "optname.mogelmotte.rounds": "Number of rounds",
    "optname.mogelmotte.hand_size": "Cards in hand at the start",
    "optname.mogelmotte.last_card_action": "Action of the last card",
    "optname.mogelmotte.give_last_card": "Give away the last card",
    "optname.mogelmotte.guard_chooses_card": "Guard chooses the penalty card",
    "optname.mogelmotte.cockroach_continue": "Play after a cockroach",
    "optname.mogelmotte.slowest_rule": "Who was slowest",
    "optname.mogelmotte.round_pause_ms": "Pause between rounds",
    "optname.emojito.mode": "Mode",
    "optname.emojito.wrong_step": "Fields per wrong dial",
    "optname.emojito.trophy_target": "Trophies to end (co-op)",
    "optname.emojito.secret_message": "Secret message",
    "optname.emojito.each_target": "Trophies to end (each for themselves)",
    "optname.emojito.teams_target": "Trophies to end (teams)",
    "optname.emojito.performer_challengeable": "Challenge the performer",
    "optname.emojito.challenger_bonus_stacks": "Challenge bonus on top",
    "optname.emojito.dial_timeout_s": "Seconds to set the dials",
    "optname.stella.dark_fall": "Points in the dark after a fall",
    "optname.stella.row_order": "Order of new picture rows",
    "optname.stella.rounds": "Number of rounds",
    "optname.stella.max_marks": "Most marks",
    "optname.stella.min_marks": "Fewest marks",
    "optname.stella.mark_timeout_s": "Seconds to mark",
    "optname.stella.turn_timeout_s": "Seconds to choose and to name",
    "optname.stella.picture_count": "Size of the picture deck",
    "optname.wordland.difficulty": "Difficulty (forbidden letters)",
    "optname.wordland.timer_s": "Seconds per turn (teapot)",
    "optname.wordland.objection_s": "Seconds to object",
    "optname.wordland.vote_s": "Seconds to vote",
    "optname.wordland.choose_s": "Seconds to choose and bet",
    "optname.wordland.fold_umlauts": "Umlauts as plain letters",
    "optname.wordland.input": "Type or say the words",
    "optname.wordland.scoring": "Scoring cards",
    "optname.wordland.hatter_scope": "Mad Hatter's letter",
    "optname.wordland.bonus_when_out": "Bonuses even when out",
    "optname.wordland.rounds": "Number of rounds",
    "optname.wordland.wrong_word": "A wrong word",
    "optname.wordland.round_pause_ms": "Pause between rounds",
    "optname.emojito.round_pause_ms": "Pause between rounds",
    "optname.stella.round_pause_ms": "Pause between rounds",
  },
};

const LANG_KEY = "tischrunde.lang";
const listeners = new Set();

function detect() {
  const stored = localStorage.getItem(LANG_KEY);
  if (stored === "de" || stored === "en") return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (base === "de" || base === "en") return base;
  }
  return "en";
}

let current = detect();

export function lang() {
  return current;
}

export function setLang(value) {
  if (value !== "de" && value !== "en") return;
  current = value;
  localStorage.setItem(LANG_KEY, value);
  document.documentElement.lang = value;
  for (const fn of listeners) fn(value);
}

export function onLangChange(fn) {
  listeners.add(fn);
}

/** Add strings (a game module's own keys) for both languages. */
export function register(table) {
  for (const l of Object.keys(table)) Object.assign(STRINGS[l], table[l]);
}

/** Every string of one language (a copy), for the tests that look at all of them. */
export function strings(l) {
  return { ...STRINGS[l] };
}

/** Keys that one language has and the other lacks (a test checks this is empty). */
export function missingKeys() {
  const de = Object.keys(STRINGS.de);
  const en = Object.keys(STRINGS.en);
  return [...de.filter((k) => !(k in STRINGS.en)).map((k) => `en:${k}`), ...en.filter((k) => !(k in STRINGS.de)).map((k) => `de:${k}`)];
}

export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

/** The text for key in the current language, with {placeholders} filled from params. */
export function t(key, params = {}) {
  const raw = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return raw.replace(/\{(\w+)\}/g, (m, name) => (name in params ? formatParam(params[name]) : m));
}

/**
 * A counted text: `key.one` / `key.other` (…) chosen by Intl.PluralRules for `count` in the current
 * language, with {count} and the other params filled; `key.other` when the language lacks the form.
 */
export function tp(key, count, params = {}) {
  const form = pluralRules().select(count);
  const full = has(`${key}.${form}`) ? `${key}.${form}` : `${key}.other`;
  return t(full, { count, ...params });
}

const pluralCache = {};

function pluralRules() {
  return (pluralCache[current] ??= new Intl.PluralRules(current));
}

// one formatter per language, made on first use (t() runs for every placeholder of every render)
const numberFormats = {};
const listFormats = {};

function numberFormat() {
  return (numberFormats[current] ??= new Intl.NumberFormat(current));
}

function listFormat(type = "conjunction") {
  return (listFormats[`${current}.${type}`] ??= new Intl.ListFormat(current, { style: "long", type }));
}

function formatParam(value) {
  if (typeof value === "number") return numberFormat().format(value);
  if (Array.isArray(value)) return formatList(value);
  return String(value);
}

/** "a, b and c" (or with type "disjunction": "a, b or c") in the current language. */
export function formatList(items, type = "conjunction") {
  const strings = items.map(String);
  if (typeof Intl.ListFormat === "function") {
    return listFormat(type).format(strings);
  }
  return strings.join(", ");
}

document.documentElement.lang = current;
