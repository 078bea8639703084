"""What Stella's motifs and moods mean: kinds, sizes, places in a scene, and the hidden tags (en and de).

The tags are what the association bots read (``bots/stella_association.py``); ``art.write_data`` writes them to
``data/stella/tags.tsv``. A picture's tags name each of its motifs, the mood and the time of day, and the ideas
its motifs bring to mind (``concepts``), all from this vocabulary.
"""

from __future__ import annotations

import msgspec

#: ideas, times of day and places that motifs and moods bring to mind: English tag -> German tag
CONCEPTS: dict[str, str] = {
    "night": "Nacht",
    "day": "Tag",
    "dawn": "Morgengrauen",
    "dusk": "Dämmerung",
    "moon": "Mond",
    "sun": "Sonne",
    "star": "Stern",
    "sky": "Himmel",
    "cloud": "Wolke",
    "rain": "Regen",
    "snow": "Schnee",
    "wind": "Wind",
    "storm": "Sturm",
    "sea": "Meer",
    "wave": "Welle",
    "water": "Wasser",
    "island": "Insel",
    "mountain": "Berg",
    "forest": "Wald",
    "tree": "Baum",
    "flower": "Blume",
    "garden": "Garten",
    "desert": "Wüste",
    "ice": "Eis",
    "fire": "Feuer",
    "light": "Licht",
    "shadow": "Schatten",
    "darkness": "Dunkelheit",
    "door": "Tür",
    "window": "Fenster",
    "stairs": "Treppe",
    "ladder": "Leiter",
    "bridge": "Brücke",
    "house": "Haus",
    "tower": "Turm",
    "path": "Weg",
    "boat": "Boot",
    "balloon": "Ballon",
    "key": "Schlüssel",
    "clock": "Uhr",
    "time": "Zeit",
    "mirror": "Spiegel",
    "eye": "Auge",
    "hand": "Hand",
    "heart": "Herz",
    "bird": "Vogel",
    "fish": "Fisch",
    "whale": "Wal",
    "cat": "Katze",
    "owl": "Eule",
    "butterfly": "Schmetterling",
    "snail": "Schnecke",
    "feather": "Feder",
    "book": "Buch",
    "letter": "Brief",
    "music": "Musik",
    "dream": "Traum",
    "sleep": "Schlaf",
    "journey": "Reise",
    "home": "Zuhause",
    "lonely": "einsam",
    "together": "gemeinsam",
    "love": "Liebe",
    "fear": "Angst",
    "hope": "Hoffnung",
    "secret": "Geheimnis",
    "memory": "Erinnerung",
    "childhood": "Kindheit",
    "freedom": "Freiheit",
    "trap": "Falle",
    "escape": "Flucht",
    "waiting": "Warten",
    "search": "Suche",
    "lost": "verloren",
    "calm": "Ruhe",
    "chaos": "Chaos",
    "joy": "Freude",
    "sadness": "Traurigkeit",
    "magic": "Zauber",
    "danger": "Gefahr",
    "growth": "Wachstum",
    "ending": "Ende",
    "beginning": "Anfang",
    "balance": "Gleichgewicht",
    "falling": "Sturz",
    "flight": "Flug",
    "depth": "Tiefe",
    "height": "Höhe",
    "small": "klein",
    "giant": "riesig",
    "cold": "Kälte",
    "warmth": "Wärme",
    "gold": "Gold",
    "treasure": "Schatz",
    "crown": "Krone",
    "power": "Macht",
    "play": "Spiel",
    "candle": "Kerze",
    "umbrella": "Schirm",
    "cage": "Käfig",
    "hourglass": "Sanduhr",
    "planet": "Planet",
    "space": "Weltall",
    "spiral": "Spirale",
    "mask": "Maske",
    "question": "Frage",
    "choice": "Wahl",
    "change": "Wandel",
    "silence": "Stille",
    "celebration": "Fest",
    "rainbow": "Regenbogen",
    "anchor": "Anker",
    "compass": "Kompass",
    "horizon": "Horizont",
    "wish": "Wunsch",
    "luck": "Glück",
    "machine": "Maschine",
    "food": "Essen",
    "sweet": "süß",
    "fragile": "zerbrechlich",
    "old": "alt",
    "ruin": "Ruine",
    "lighthouse": "Leuchtturm",
    "volcano": "Vulkan",
    "crystal": "Kristall",
    "ghost": "Gespenst",
    "root": "Wurzel",
    "egg": "Ei",
    "nest": "Nest",
    "mushroom": "Pilz",
    "sand": "Sand",
    "shell": "Muschel",
    "bottle": "Flasche",
    "gift": "Geschenk",
    "lantern": "Laterne",
    "fairy tale": "Märchen",
    "slowness": "Langsamkeit",
    "speed": "Tempo",
    "rest": "Rast",
    "protection": "Schutz",
    "warning": "Warnung",
    "illusion": "Täuschung",
    "chair": "Stuhl",
    "wisdom": "Weisheit",
    "cunning": "List",
    "strength": "Kraft",
    "patience": "Geduld",
    "noise": "Lärm",
    "loyalty": "Treue",
    "city": "Stadt",
    "sweetness": "Süße",
    "craft": "Handwerk",
    "science": "Wissenschaft",
    "luggage": "Gepäck",
    "fun fair": "Jahrmarkt",
    "bath": "Bad",
    "poison": "Gift",
    "luck charm": "Glücksbringer",
    "promise": "Versprechen",
}


class MotifInfo(msgspec.Struct, frozen=True):
    """One motif: its tag in both languages, what it is, how big it is in life, where it belongs."""

    name: str  # the drawing function's key in ``motifs.MOTIFS``
    en: str
    de: str
    kind: str  # creature, object, place, weather, light
    size: str  # S (held in a hand), M, B (bigger than a person)
    where: str  # sky, ground or any
    foot: float  # how far below its centre the motif's foot is, in its own -50..50 box
    concepts: tuple[str, ...]


# name | en tag | de tag | kind | size | where | foot | concepts
_TABLE = """
moon|moon|Mond|light|M|sky|30|night,dream
fullmoon|full moon|Vollmond|light|M|sky|32|night,magic
sun|sun|Sonne|light|M|sky|48|warmth,light
star|star|Stern|light|S|sky|40|wish,hope
door|door|Tür|object|M|ground|50|beginning,choice,secret
stairs|stairs|Treppe|object|B|ground|50|height,path
ladder|ladder|Leiter|object|M|ground|50|height,escape
house|house|Haus|place|B|ground|35|home
tower|tower|Turm|place|B|ground|50|lonely,power
lighthouse|lighthouse|Leuchtturm|place|B|ground|50|light,warning
boat|boat|Boot|object|B|any|28|journey
paperboat|paper boat|Papierschiff|object|S|any|22|childhood,fragile
balloon|balloon|Ballon|object|B|sky|40|flight,journey
key|key|Schlüssel|object|S|any|18|secret,treasure
clock|clock|Uhr|object|M|any|46|time,waiting
meltclock|melting clock|zerfließende Uhr|object|M|any|48|time,illusion
hourglass|hourglass|Sanduhr|object|S|ground|50|time,ending
eye|eye|Auge|creature|S|sky|24|secret,fear
tree|tree|Baum|place|B|ground|50|growth,forest
deadtree|bare tree|kahler Baum|place|B|ground|50|ending,old
flower|flower|Blume|object|S|ground|50|growth,garden
mountain|mountain|Berg|place|B|ground|50|height
island|island|Insel|place|B|any|34|lonely
bridge|bridge|Brücke|place|B|ground|50|path,together
whale|whale|Wal|creature|B|any|28|depth,giant
fish|fish|Fisch|creature|S|any|20|water
bird|bird|Vogel|creature|S|sky|14|flight,freedom
cloud|cloud|Wolke|weather|M|sky|24|sky
raincloud|rain cloud|Regenwolke|weather|M|sky|40|rain,sadness
candle|candle|Kerze|light|S|ground|50|light,memory
window|window|Fenster|object|M|ground|45|home,waiting
mirror|mirror|Spiegel|object|M|ground|44|illusion
cage|cage|Käfig|object|M|any|44|trap,freedom
umbrella|umbrella|Schirm|object|S|any|46|protection,rain
spiral|spiral|Spirale|object|M|sky|46|magic,chaos
planet|planet|Planet|light|M|sky|30|space
heart|heart|Herz|object|S|sky|40|love
feather|feather|Feder|object|S|sky|50|flight,fragile
crown|crown|Krone|object|S|any|30|power,gold
book|book|Buch|object|S|ground|30|memory,fairy tale
mask|mask|Maske|object|S|any|20|secret,illusion
mushroom|mushroom|Pilz|object|S|ground|50|forest,magic
egg|egg|Ei|object|S|ground|40|beginning,fragile
bottle|bottle|Flasche|object|S|ground|44|lost,waiting
shell|shell|Muschel|object|S|ground|30|sea,sand
snail|snail|Schnecke|creature|S|ground|30|slowness,home
butterfly|butterfly|Schmetterling|creature|S|sky|36|change,freedom
cat|cat|Katze|creature|S|ground|50|secret,home
owl|owl|Eule|creature|S|ground|44|wisdom,night
volcano|volcano|Vulkan|place|B|ground|50|fire,danger
crystal|crystal|Kristall|object|S|ground|45|magic,ice
ghost|ghost|Gespenst|creature|M|any|40|fear,memory
nest|nest|Nest|object|S|ground|22|home,beginning
kite|kite|Drachen|object|S|sky|40|play,wind
paperplane|paper plane|Papierflieger|object|S|sky|24|play,flight
campfire|campfire|Lagerfeuer|light|S|ground|38|fire,together
rainbow|rainbow|Regenbogen|weather|B|sky|40|hope,luck
lantern|lantern|Laterne|light|S|any|36|light,search
chair|chair|Stuhl|object|S|ground|50|rest,waiting
teacup|teacup|Teetasse|object|S|ground|38|rest,warmth
hand|hand|Hand|creature|M|ground|50|together,power
anchor|anchor|Anker|object|S|any|40|rest,depth
compass|compass|Kompass|object|S|any|44|journey,search
letter|letter|Brief|object|S|any|26|secret,memory
footprints|footprints|Fußspuren|object|S|ground|52|path,lost
question|question mark|Fragezeichen|object|S|sky|45|question
rocket|rocket|Rakete|object|M|sky|56|space,speed
chess|chess piece|Schachfigur|object|S|ground|40|play,choice
wave|wave|Welle|weather|B|ground|50|sea,danger
ship|ship|Schiff|object|B|any|34|journey,sea
fox|fox|Fuchs|creature|S|ground|40|cunning,secret
rabbit|rabbit|Hase|creature|S|ground|50|luck,speed
deer|deer|Hirsch|creature|M|ground|48|forest,silence
jellyfish|jellyfish|Qualle|creature|S|any|48|depth,danger
octopus|octopus|Krake|creature|M|any|46|depth,secret
turtle|turtle|Schildkröte|creature|S|ground|38|slowness,patience
elephant|elephant|Elefant|creature|B|ground|48|memory,strength
horse|horse|Pferd|creature|B|ground|48|freedom,speed
snake|snake|Schlange|creature|S|ground|40|danger,poison
frog|frog|Frosch|creature|S|ground|46|fairy tale,water
bee|bee|Biene|creature|S|sky|24|sweetness,garden
spider|spider web|Spinnennetz|creature|S|any|40|trap,patience
swan|swan|Schwan|creature|M|any|40|love,calm
giraffe|giraffe|Giraffe|creature|B|ground|50|height,giant
bear|bear|Bär|creature|B|ground|50|strength,sleep
hedgehog|hedgehog|Igel|creature|S|ground|40|protection,small
seahorse|seahorse|Seepferdchen|creature|S|any|44|sea,fragile
mouse|mouse|Maus|creature|S|ground|40|small,fear
dog|dog|Hund|creature|M|ground|48|loyalty,home
penguin|penguin|Pinguin|creature|S|ground|50|cold,together
crab|crab|Krebs|creature|S|ground|44|sand,protection
lion|lion|Löwe|creature|B|ground|50|power,strength
dolphin|dolphin|Delfin|creature|M|any|22|joy,sea
piano|piano|Klavier|object|B|ground|48|music
violin|violin|Geige|object|S|any|44|music,sadness
bell|bell|Glocke|object|S|any|47|music,warning
scissors|scissors|Schere|object|S|any|42|danger,change
telescope|telescope|Fernrohr|object|S|ground|50|search,space
bicycle|bicycle|Fahrrad|object|M|ground|44|journey,childhood
train|train|Zug|object|B|ground|39|journey,speed
hat|top hat|Zylinder|object|S|any|44|magic,illusion
shoe|shoe|Schuh|object|S|ground|38|path,journey
ring|ring|Ring|object|S|any|44|love,promise
dice|dice|Würfel|object|S|ground|40|luck,play
card|playing card|Spielkarte|object|S|any|42|luck,play
apple|apple|Apfel|object|S|ground|44|food,fairy tale
cake|cake|Torte|object|S|ground|50|celebration,sweet
bathtub|bathtub|Badewanne|object|M|ground|42|bath,rest
bed|bed|Bett|object|M|ground|46|sleep,rest
suitcase|suitcase|Koffer|object|S|ground|40|journey,luggage
map|map|Landkarte|object|S|any|40|journey,treasure
gramophone|gramophone|Grammofon|object|S|ground|42|music,old
globe|globe|Globus|object|S|ground|44|journey,science
matchstick|matchstick|Streichholz|object|S|ground|50|fire,fragile
gift|gift|Geschenk|object|S|ground|46|celebration,secret
broom|broom|Besen|object|S|any|50|magic,fairy tale
telephone|telephone|Telefon|object|S|ground|40|waiting,noise
yarn|ball of wool|Wollknäuel|object|S|ground|42|craft,play
magnifier|magnifying glass|Lupe|object|S|any|42|search,secret
wateringcan|watering can|Gießkanne|object|S|ground|40|garden,growth
lightbulb|light bulb|Glühbirne|light|S|any|36|science,light
streetlamp|street lamp|Straßenlaterne|light|M|ground|50|city,light
spoon|spoon|Löffel|object|S|ground|48|food,childhood
lollipop|lollipop|Lutscher|object|S|ground|50|sweet,childhood
chest|treasure chest|Schatztruhe|object|S|ground|40|treasure,gold
city|city|Stadt|place|B|ground|50|noise,home
castle|castle|Burg|place|B|ground|50|fairy tale,power
tent|tent|Zelt|place|M|ground|46|journey,rest
well|well|Brunnen|place|M|ground|48|wish,depth
carousel|carousel|Karussell|place|B|ground|46|fun fair,childhood
ferriswheel|Ferris wheel|Riesenrad|place|B|ground|50|fun fair,height
pyramid|pyramid|Pyramide|place|B|ground|46|old,secret
igloo|igloo|Iglu|place|M|ground|40|cold,home
bench|bench|Bank|place|M|ground|46|rest,waiting
gate|gate|Tor|place|B|ground|50|choice,beginning
ruin|ruin|Ruine|place|B|ground|50|old,ending
windmill|windmill|Windmühle|place|B|ground|50|wind,craft
cactus|cactus|Kaktus|place|M|ground|50|desert,danger
lightning|lightning|Blitz|weather|M|sky|50|storm,danger
comet|comet|Komet|light|M|sky|50|space,wish
tornado|tornado|Wirbelsturm|weather|B|any|50|storm,chaos
snowflake|snowflake|Schneeflocke|weather|S|sky|44|cold,fragile
firework|fireworks|Feuerwerk|light|M|sky|46|celebration,joy
aurora|northern lights|Polarlicht|light|B|sky|40|magic,cold
fog|fog|Nebel|weather|B|any|40|secret,lost
puddle|puddle|Pfütze|weather|M|ground|50|rain,mirror
"""


def _parse(table: str) -> dict[str, MotifInfo]:
    out: dict[str, MotifInfo] = {}
    for line in table.strip().splitlines():
        name, en, de, kind, size, where, foot, concepts = line.split("|")
        out[name] = MotifInfo(name, en, de, kind, size, where, float(foot), tuple(concepts.split(",")))
    return out


#: every motif of the library, by its drawing function's key
MOTIF_INFO: dict[str, MotifInfo] = _parse(_TABLE)

#: where a motif's top is (y in its own box), for the motifs whose top is far from the usual -40: what is
#: put on a motif stands there
TOPS: dict[str, float] = {
    "puddle": 26,
    "mouse": 4,
    "boat": 10,
    "ship": 14,
    "island": 6,
    "paperboat": 0,
    "bathtub": -8,
    "teacup": -10,
    "hedgehog": -10,
    "nest": -15,
    "frog": -15,
    "igloo": -14,
    "turtle": -16,
    "bench": -20,
    "bicycle": -20,
    "crab": -20,
    "dog": -20,
    "letter": -26,
    "elephant": -26,
    "whale": -26,
    "book": -28,
    "penguin": -28,
    "bed": -30,
    "shell": -30,
    "volcano": -30,
    "umbrella": -30,
    "chest": -30,
    "horse": -34,
    "dice": -34,
    "suitcase": -34,
    "rabbit": -54,
    "tower": -55,
    "giraffe": -56,
    "windmill": -60,
}


class Mood(msgspec.Struct, frozen=True):
    """A picture's mood: its own tag, a palette, the time of day, the air and the grounds it may stand on."""

    en: str
    de: str
    palette: str
    time: str  # a time-of-day tag, or "" when it does not say
    ambient: tuple[str, ...]
    grounds: tuple[str, ...]
    concepts: tuple[str, ...]


MOODS: tuple[Mood, ...] = (
    Mood("dreamy", "verträumt", "night", "night", ("stars",), ("hills", "cloudfloor"), ("dream", "sleep")),
    Mood("eerie", "unheimlich", "violet", "night", ("stars",), ("checker", "flat"), ("fear", "secret")),
    Mood("wistful", "wehmütig", "dusk", "dusk", ("birds",), ("hills", "water"), ("memory", "ending")),
    Mood("hopeful", "hoffnungsvoll", "dawn", "dawn", ("clouds",), ("hills", "water"), ("hope", "beginning")),
    Mood("cheerful", "fröhlich", "day", "day", ("clouds",), ("hills", "flat"), ("joy", "play")),
    Mood("stormy", "stürmisch", "storm", "", ("rain",), ("waves", "flat"), ("storm", "chaos")),
    Mood("mysterious", "geheimnisvoll", "deep", "", ("bubbles",), ("seabed",), ("depth", "silence")),
    Mood("icy", "eisig", "snow", "day", ("snow",), ("snowfield",), ("cold", "silence")),
    Mood("feverish", "fiebrig", "fire", "dusk", ("fireflies",), ("dunes", "flat"), ("fire", "danger")),
    Mood("tender", "zärtlich", "rose", "day", ("petals",), ("hills", "cloudfloor"), ("love", "sweet")),
    Mood("playful", "verspielt", "mint", "day", ("bubbles",), ("checker", "hills"), ("play", "childhood")),
    Mood("enchanted", "verwunschen", "forest", "dusk", ("fireflies",), ("hills",), ("forest", "magic")),
    Mood("forsaken", "verlassen", "desert", "day", (), ("dunes",), ("lonely", "desert")),
    Mood(
        "adventurous", "abenteuerlich", "sea", "day", ("birds",), ("waves", "water"), ("journey", "horizon")
    ),
    Mood(
        "weightless",
        "schwerelos",
        "night",
        "night",
        ("stars", "aurora"),
        ("cloudfloor", "flat"),
        ("space", "flight"),
    ),
    Mood("cosy", "gemütlich", "amber", "dusk", ("fireflies",), ("flat", "hills"), ("warmth", "rest")),
    Mood(
        "festive", "festlich", "violet", "night", ("confetti",), ("checker", "flat"), ("celebration", "joy")
    ),
)

#: what the air and the ground of a picture add to its tags
AMBIENT_TAGS: dict[str, tuple[str, ...]] = {
    "stars": ("star",),
    "rain": ("rain",),
    "snow": ("snow",),
    "fireflies": ("light",),
    "bubbles": ("water",),
    "confetti": ("celebration",),
    "petals": ("flower",),
    "birds": ("sky",),
    "clouds": ("sky",),
    "aurora": ("magic",),
}
GROUND_TAGS: dict[str, tuple[str, ...]] = {
    "hills": (),
    "waves": ("sea",),
    "dunes": ("sand", "desert"),
    "flat": ("horizon",),
    "checker": ("illusion",),
    "cloudfloor": ("cloud", "height"),
    "snowfield": ("snow",),
    "seabed": ("sea", "depth"),
    "water": ("water",),
}


def vocabulary() -> dict[str, str]:
    """Every tag a picture may carry: English -> German (motifs, moods, ideas)."""
    out = dict(CONCEPTS)
    for info in MOTIF_INFO.values():
        out[info.en] = info.de
    for mood in MOODS:
        out[mood.en] = mood.de
    return out
