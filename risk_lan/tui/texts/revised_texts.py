"""The words of seed 004's revised rules, in English and French: the commitment and the
answer of «risques calculés», the retreat and the capitulation, the cap, the bound bonuses,
the movement points and the trades of stars."""

from __future__ import annotations

REVISED_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "commit_target": "Attack from {source}, committing {amount} {amount:army|armies} (+/-,"
        " Home, End): pick a target.",
        "commit_ready": "{source} → {target}: commit {amount} {amount:army|armies}{card}{help}."
        " F2 commits; the defender then answers, and two dice a side decide.",
        "commit_card": ", laying its card for +2 (F3: not)",
        "commit_no_card": " (F3: lay its card for +2)",
        "commit_laid": ", +2 from its card laid",
        "commit_support": ", {n} more in support from {places} (F8: none)",
        "commit_no_support": " (F8: {n} in support)",
        "answer": "{attacker} commits {armies} {armies:army|armies}{bonus} from {source} on"
        " {target}. Answer with {amount} {amount:army|armies} (+/-){card}: F6.{retreat}"
        "{capitulate}",
        "answer_retreat": " Or pick one of yours beside it by land to retreat to.",
        "answer_card": ", laying its card for +2 (F3: not)",
        "answer_no_card": " (F3: lay its card for +2)",
        "answer_laid": ", +2 from its card laid",
        "answer_capitulate": " Or capitulate (F4).",
        "answer_neutral": "{attacker} commits {armies} {armies:army|armies}{bonus} from {source}"
        " on {target}, the neutral's: you answer for it, with {amount}"
        " {amount:army|armies} (+/-): F6.",
        "answer_bonus": " (+{bonus} from laid cards)",
        "answer_support": " and {n} in support",
        "retreat_ready": "Retreat from {target} to {source} with all its armies: F6 confirms,"
        " Esc drops it (then answer with F6). {attacker} then takes one of your cards at"
        " random.",
        "retreat_ready_no_card": "Retreat from {target} to {source} with all its armies: F6"
        " confirms, Esc drops it (then answer with F6). You hold no card: {attacker} then"
        " draws one from the pile.",
        "auto_answer": "Standing answer: all your armies there, and the territory's card (F7).",
        "points_left": "Movement: {points} {points:point|points} left (1 an army a step by"
        " land, 2 by sea).",
        "cap_note": "A territory holds {cap} {cap:army|armies} at most.",
        "bound_note": "Of these, {n} go only {where}.",
        "bound_where_continent": "in {name} or joined to it",
        "bound_where_beside": "beside {name}",
        "place_cap": "Only {n} more fit on {territory}: a territory holds {cap}"
        " {cap:army|armies} at most.",
        "place_bound": "Only {n} more may go on {territory}: the others are bonuses bound to"
        " their continent, or to beside a traded territory.",
        "place_full": "{territory} is full: a territory holds {cap} {cap:army|armies} at most,"
        " those staged included. Pick another of yours.",
        "place_bound_none": "No more may go on {territory}: the armies left are bonuses bound to"
        " their continent, or to beside a traded territory.",
        "key_no_blitz": "No blitz under «risques calculés»: each battle is committed (F2), then"
        " answered.",
        "key_lay_none": "You cannot lay a card here: you do not hold the card of that"
        " territory, or it is laid already and its +2 counts by itself.",
        "key_lay_when": "A card is laid when you commit armies or answer an attack.",
        "key_support_when": "Support is sent when you commit armies to an attack: pick the"
        " target first.",
        "key_support_none": "None of your territories beside the target has 2 armies or more"
        " to send in support.",
        "key_support_rules": "Support is for the «risques calculés et soutien» rules"
        " (revised-support).",
        "key_capitulate_when": "You may capitulate only when attacked, before the first roll"
        " on that territory.",
        "key_capitulate_late": "No capitulation here: a roll was made on this territory this"
        " turn, or it is your last, or it is the neutral's.",
        "key_not_revised": "This key is for seed 004's revised rules, which this game does not"
        " use.",
        "pick_no_shelter": "{territory} is no place to retreat to: pick a territory of yours"
        " beside the attacked one by land, with room for all its armies.",
        "stars_title": "Trade cards for their stars",
        "stars_help": "Enter picks a card or puts it back; F5 trades the cards picked; Esc"
        " closes. 2 to 10 stars, once a turn.",
        "stars_total": "Picked: {n} {n:card|cards}, {stars} {stars:star|stars}: {armies}",
        "stars_armies": "{armies} {armies:army|armies}",
        "stars_too_few": "2 stars at least",
        "stars_refused": "Nothing traded: a trade shows 2 to 10 stars.",
        "stars_too_many": "10 stars at most",
        "stars_card": "{stars} {stars:star|stars}",
        "stars_own": "+2 there",
        "stars_beside": "+1 beside",
        "stars_laid": "laid",
        "laid_count": "({n} laid, +2)",
        "reward_aside": "({n} {n:card|cards} for its last territory)",
    },
    "fr": {
        "commit_target": "Attaque depuis {source:le}, en engageant {amount}"
        " {amount:régiment|régiments} (+/-, Début, Fin) : choisissez la cible.",
        "commit_ready": "{source} → {target} : engager {amount}"
        " {amount:régiment|régiments}{card}{help}. F2 engage ; le défenseur répond, puis deux"
        " dés par camp décident.",
        "commit_card": ", en posant sa carte pour +2 (F3 : non)",
        "commit_no_card": " (F3 : poser sa carte pour +2)",
        "commit_laid": ", +2 de sa carte posée",
        "commit_support": ", {n} en soutien depuis {places} (F8 : aucun)",
        "commit_no_support": " (F8 : {n} en soutien)",
        "answer": "{attacker} engage {armies} {armies:régiment|régiments}{bonus} {source:du}"
        " sur {target:le}. Répondez avec {amount} {amount:régiment|régiments} (+/-){card} :"
        " F6.{retreat}{capitulate}",
        "answer_retreat": " Ou choisissez un des vôtres voisin par voie terrestre où battre en"
        " retraite.",
        "answer_card": ", en posant sa carte pour +2 (F3 : non)",
        "answer_no_card": " (F3 : poser sa carte pour +2)",
        "answer_laid": ", +2 de sa carte posée",
        "answer_capitulate": " Ou capitulez (F4).",
        "answer_neutral": "{attacker} engage {armies} {armies:régiment|régiments}{bonus}"
        " {source:du} sur {target:le}, neutre : vous répondez pour l'armée neutre, avec {amount}"
        " {amount:régiment|régiments} (+/-) : F6.",
        "answer_bonus": " (+{bonus} de cartes posées)",
        "answer_support": " et {n} en soutien",
        "retreat_ready": "Retraite {target:du} vers {source:le} avec tous ses régiments : F6"
        " confirme, Échap l'annule (puis répondez avec F6). {attacker} prend alors une de vos"
        " cartes au hasard.",
        "retreat_ready_no_card": "Retraite {target:du} vers {source:le} avec tous ses"
        " régiments : F6 confirme, Échap l'annule (puis répondez avec F6). Vous n'avez pas de"
        " carte : {attacker} en pioche alors une.",
        "auto_answer": "Réponse automatique : tous vos régiments du territoire, et sa carte (F7).",
        "points_left": "Déplacements : encore {points} {points:point|points} (1 par régiment et"
        " par pas par voie terrestre, 2 par voie maritime).",
        "cap_note": "Un territoire tient {cap} {cap:régiment|régiments} au plus.",
        "bound_note": "Dont {n} seulement {where}.",
        "bound_where_continent": "dans ce continent ou relié à lui : {name}",
        "bound_where_beside": "à côté de ce territoire : {name}",
        "place_cap": "Plus que {n} sur {territory:le} : un territoire tient {cap}"
        " {cap:régiment|régiments} au plus.",
        "place_bound": "Plus que {n} sur {territory:le} : les autres sont des bonus liés à leur"
        " continent, ou à côté d'un territoire échangé.",
        "place_full": "Plus de place sur {territory:le} : un territoire tient {cap}"
        " {cap:régiment|régiments} au plus, ceux prévus compris. Choisissez-en un autre.",
        "place_bound_none": "Plus rien sur {territory:le} : les régiments restants sont des bonus"
        " liés à leur continent, ou à côté d'un territoire échangé.",
        "key_no_blitz": "Pas de blitz en «risques calculés» : chaque combat est engagé (F2),"
        " puis on y répond.",
        "key_lay_none": "Pas de carte à poser ici : vous n'avez pas la carte de ce territoire,"
        " ou elle est déjà posée et son +2 compte tout seul.",
        "key_lay_when": "Une carte se pose quand vous engagez des régiments ou répondez à une"
        " attaque.",
        "key_support_when": "Le soutien part quand vous engagez des régiments dans une attaque :"
        " choisissez d'abord la cible.",
        "key_support_none": "Aucun de vos territoires voisins de la cible n'a 2 régiments ou"
        " plus à envoyer en soutien.",
        "key_support_rules": "Le soutien est pour la règle «risques calculés et soutien»"
        " (revised-support).",
        "key_capitulate_when": "On ne capitule qu'attaqué, avant le premier lancer sur ce"
        " territoire.",
        "key_capitulate_late": "Pas de capitulation ici : un lancer a eu lieu sur ce territoire"
        " ce tour-ci, ou c'est votre dernier, ou il est neutre.",
        "key_not_revised": "Cette touche est pour les règles révisées (livret 004), que cette"
        " partie n'utilise pas.",
        "pick_no_shelter": "Pas de retraite vers {territory:le} : choisissez un de vos"
        " territoires voisins du territoire attaqué par voie terrestre, avec de la place pour"
        " tous ses régiments.",
        "stars_title": "Échanger des cartes pour leurs étoiles",
        "stars_help": "Entrée prend une carte ou la remet ; F5 échange les cartes prises ;"
        " Échap ferme. De 2 à 10 étoiles, une fois par tour.",
        "stars_total": "Pris : {n} {n:carte|cartes}, {stars} {stars:étoile|étoiles} : {armies}",
        "stars_armies": "{armies} {armies:régiment|régiments}",
        "stars_too_few": "2 étoiles au moins",
        "stars_refused": "Rien d'échangé : un échange montre de 2 à 10 étoiles.",
        "stars_too_many": "10 étoiles au plus",
        "stars_card": "{stars} {stars:étoile|étoiles}",
        "stars_own": "+2 dessus",
        "stars_beside": "+1 à côté",
        "stars_laid": "posée",
        "laid_count": "({n} {n:posée|posées}, +2)",
        "reward_aside": "({n} {n:carte|cartes} pour son dernier territoire)",
    },
}
