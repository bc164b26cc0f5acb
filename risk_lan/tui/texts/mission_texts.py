"""The words of Risk Mission's screen and panel, in English and French."""

from __future__ import annotations

MISSION_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "missions_title": "Your missions",
        "missions_panel": "Missions",
        "missions_claimed": "{n} of 4 claimed.",
        "missions_ready": "One can be claimed now: Ctrl+K.",
        "missions_open": "Ctrl+K lists them, with when each is claimed.",
        "mission_done": "claimed",
        "mission_now": "claim it now (Enter)",
        "mission_now_ends": "claim it now (Enter): that ends your turn",
        "missions_claim_ends_turn": "Claiming a mission now (Ctrl+K) ends your turn.",
        "missions_claim_some_end_turn": "Claiming a mission of the turn's end now (Ctrl+K)"
        " ends your turn; the others do not.",
        "mission_shown_line": "{player}'s fourth, shown: {mission}",
        "missions_others": "Claimed: {counts}.",
        "missions_close": "Enter claims the mission chosen (one a turn); Esc closes.",
        "missions_none_now": "None of them can be claimed at this moment; Esc closes.",
        # The ranks as an English rulebook would say them (the cards' ids keep the French).
        "rank_capitaine": "Captain",
        "rank_major": "Major",
        "rank_colonel": "Colonel",
        "rank_general": "General",
        "key_no_missions": "This game has no missions.",
        "refused_not_now": "That mission cannot be claimed at this moment of the turn.",
        "refused_not_met": "That mission's condition does not hold now.",
        "refused_one_a_turn": "One mission a turn: you have claimed one this turn.",
        "refused_claimed": "That mission is claimed already.",
    },
    "fr": {
        "missions_title": "Vos missions",
        "missions_panel": "Missions",
        "missions_claimed": "{n} sur 4 {n:annoncée|annoncées}.",
        "missions_ready": "Une peut être annoncée maintenant : Ctrl+K.",
        "missions_open": "Ctrl+K les montre, avec le moment de chacune.",
        "mission_done": "annoncée",
        "mission_now": "à annoncer maintenant (Entrée)",
        "mission_now_ends": "à annoncer maintenant (Entrée) : cela finit votre tour",
        "missions_claim_ends_turn": "Annoncer une mission maintenant (Ctrl+K) finit votre tour.",
        "missions_claim_some_end_turn": "Annoncer maintenant une mission de fin de tour (Ctrl+K)"
        " finit votre tour ; les autres, non.",
        "mission_shown_line": "Quatrième mission {player:du}, dévoilée : {mission}",
        "missions_others": "Annoncées : {counts}.",
        "missions_close": "Entrée annonce la mission choisie (une par tour) ; Échap ferme.",
        "missions_none_now": "Aucune ne peut être annoncée en ce moment ; Échap ferme.",
        "rank_capitaine": "Capitaine",
        "rank_major": "Major",
        "rank_colonel": "Colonel",
        "rank_general": "Général",
        "key_no_missions": "Cette partie n'a pas de missions.",
        "refused_not_now": "Cette mission ne peut pas être annoncée à ce moment du tour.",
        "refused_not_met": "La condition de cette mission n'est pas remplie maintenant.",
        "refused_one_a_turn": "Une mission par tour : vous en avez déjà annoncé une.",
        "refused_claimed": "Cette mission est déjà annoncée.",
    },
}
