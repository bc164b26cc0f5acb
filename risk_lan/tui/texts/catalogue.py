"""The app's words in English and French (French in the rulebooks' own terms: régiments,
renforts, manœuvre stratégique)."""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from risk_lan.tui.texts.ally_texts import ALLY_TEXTS
from risk_lan.tui.texts.binding_names import BINDING_NAMES
from risk_lan.tui.texts.command_texts import COMMAND_TEXTS
from risk_lan.tui.texts.entry_texts import ENTRY_TEXTS
from risk_lan.tui.texts.expel_texts import EXPEL_TEXTS
from risk_lan.tui.texts.hint_texts import HINT_TEXTS
from risk_lan.tui.texts.host_status_texts import HOST_STATUS_TEXTS
from risk_lan.tui.texts.independents_texts import INDEPENDENTS_TEXTS
from risk_lan.tui.texts.key_texts import KEY_TEXTS
from risk_lan.tui.texts.mission_texts import MISSION_TEXTS
from risk_lan.tui.texts.objective_texts import OBJECTIVE_TEXTS
from risk_lan.tui.texts.refusal_texts import REFUSAL_TEXTS
from risk_lan.tui.texts.revised_texts import REVISED_TEXTS
from risk_lan.tui.texts.sealed_texts import SEALED_TEXTS
from risk_lan.tui.texts.watch_texts import WATCH_TEXTS
from risk_lan.wording import wording

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "waiting": "Waiting for {player}.",
        "claim": "Claim a territory: pick an empty one, Enter takes the cursor's (F8: a plan"
        " finishes the setup for you).",
        "plan_on": "Your plan places your armies: {count} left, on the map (a pick adds one,"
        " Backspace takes one back, Esc stops it).",
        "plan_on_claims": "Your plan claims for you, the bot's choice once its own are taken"
        " (Esc stops it).",
        "setup": "Place one army on one of your territories ({left} left to place; F8: a plan"
        " places them).",
        "sent_waiting": "Sent: waiting for the host's answer…",
        "setup_step": "Place {step} {step:army|armies} on one or more of your territories"
        " ({left} left to place).",
        "setup_neutral": "Place a neutral army on a neutral territory, to block your opponent"
        " ({left} left).",
        "neutral": "neutral army",
        "setup_independent": "Place 1 army of the {neutral} on one of its territories, to block"
        " your opponent ({left} left to it).",
        "place": "Place your reinforcements: {left} left. Each pick places {amount}"
        " {amount:army|armies} (+/-).",
        "place_done": "All placed. Confirm (Enter or F6: Enter also picks your territory at the"
        " cursor to attack from), or take back (Backspace).",
        "trade": "You must trade a set of cards (F5).",
        "attack": "Attack: pick one of your territories to attack from, or end attacks (F4).",
        "attack_target": "Attack from {source} with {dice} {dice:die|dice} (1–3 or +/-): pick a"
        " target.",
        "attack_ready": "{source} → {target} with {dice} {dice:die|dice}: Enter or F2 attack once,"
        " F3 blitz.",
        "fortify": "Manoeuvre: pick a territory to move armies from, or end the turn (F4).",
        "fortify_target": "Move armies from {source}: pick where to.",
        "fortify_ready": "Move {amount} {amount:army|armies} from {source} to {target} (+/-, Home,"
        " End): Enter or F6 to confirm.",
        "move_in": "Conquered! Armies to move in: {amount} ({low}–{high}: +/-, Home, End): Enter"
        " or F6; F4 also ends the attacks.",
        "defend": "{attacker} attacks {target}: defend with {amount} {amount:die|dice} (+/-),"
        " Enter or F6. F7 defends with the most dice from now on.",
        "over": "The game is over.",
        "cursor_yours": "Cursor: {territory} (yours, {armies} {armies:army|armies}).",
        "cursor_of": "Cursor: {territory} ({player}'s, {armies} {armies:army|armies}).",
        "cursor_free": "Cursor: {territory} (free).",
        "button_less": "−1",
        "button_more": "+1",
        "button_fewest": "min",
        "button_most": "max",
        "players": "Players",
        "turn_panel": "Now",
        "too_small": "This terminal is too small to play in: risk-lan needs at least"
        " {need_width}×{need_height}, and it is {width}×{height} now. Make it larger.",
        "hand": "Your cards",
        "no_cards": "no cards",
        # A card dealt in a game between peers is readable by its holder alone, once the
        # deck's protocol has opened it for its client: until then it is on its way.
        "cards_coming": "{n} {n:card|cards} on {n:its|their} way to you",
        "sets": "F5:",
        "set_value": "{cards} → {value} {value:army|armies}",
        "log": "Log",
        "chat_hint": "Say something to the table (Enter)",
        "transcript": "transcript",
        "connected": "connected",
        "reconnecting": "host out of reach: reconnecting…",
        "verified": "✓ verified",
        "checked_at_end": "checked when the game ends",
        "pool": "reinforcements",
        "cards": "cards",
        "counts": "{held:>2} terr. {armies:>3} {armies:army|armies}",
        "counts_hand": "{held:>2} terr. {armies:>3} {armies:army|armies} {hand} {hand:card|cards}",
        "rounds_battles": "{rounds} {rounds:round|rounds}, {battles} {battles:battle|battles}",
        "counts_short": "{held:>2}t {armies:>3}a {hand}c",
        "you": "you",
        "away": "away",
        "winner": "{winner} wins!",
        "team_won": "{team} win: a player of the other team is out!",
        "team": "team {n}",
        "team_hand": "Your team's cards",
        "held_by": "(with {player})",
        "shared": "Shared territories",
        "shared_more": "  … {n} more, marked with & on the map",
        "tie": "tie: nobody's",
        "and": " and ",
        "stopped_title": "The game has stopped.",
        "not_joined_title": "You could not join the game.",
        "leave_title": "Leave the game?",
        "leave_joined": "The others play on, and after a while a bot may take your seat. Run"
        " risk-lan join again to take it back.",
        "leave_host": "You host this game: leaving stops it for everyone until you run"
        " risk-lan host --resume {path}",
        "leave_host_unsaved": "You host this game: leaving ends it for everyone, and it is not"
        " saved to be resumed.",
        "leave_button": "Leave",
        "cmd_pause": "Stop the clock: no seat goes to a bot by itself",
        "cmd_resume": "Start the clock again",
        "cmd_more_time": "Give {player} {seconds} more {seconds:second|seconds}",
        "cmd_hand_to_bot": "Hand {player}'s seat to a bot now",
        "cmd_reclaim": "Take my seat back from the bot",
        "stay_button": "Stay",
        "stopped_refused": "The game has stopped: nothing more can be played.",
        "stopped_status": "game stopped",
        "wait_away": "Waiting for {player}: away for {waited}",
        "wait_move": "Waiting for {player} to move: {waited}",
        "wait_reveal": "Waiting for {player}'s share of the dice: {waited}",
        "wait_commit": "Waiting for {player} to commit to the game's dice: {waited}",
        "wait_you_move": "Waiting for you to move: {waited}",
        "wait_you_reveal": "Waiting for your share of the dice: {waited}",
        "wait_you_commit": "Waiting for your commitment to the game's dice: {waited}",
        "wait_deck": "Waiting for {player}'s part in shuffling and dealing the cards: {waited}",
        "wait_you_deck": "Waiting for your part in shuffling and dealing the cards: {waited}",
        "wait_bot": ", a bot takes over in {left}",
        "wait_bot_now": ", a bot is taking over",
        "wait_paused": " (clock stopped)",
        "clock_stopped": "The host stopped the clock: no seat goes to a bot by itself.",
        "taken_over": "A bot plays {player}'s seat from now on.",
        "back": "{player} is back.",
        "you_taken_over": "A bot is playing your seat. Press F9 to take it back.",
        "you_back": "You play your seat again.",
        "sealed_taken": "The bot playing {player}'s seat now sees {player}'s {n} sealed"
        " {n:card|cards}.",
        "sealed_back": "{player} has their seat back, with their {n} sealed {n:card|cards};"
        " the host saw {n:it|them} while its bot played the seat.",
        "you_sealed_taken": "The bot playing your seat now sees your {n} sealed"
        " {n:card|cards}, and so does the host.",
        "you_sealed_back": "Your {n} sealed {n:card|cards} {n:is|are} yours again; the host"
        " saw {n:it|them} while its bot played your seat.",
        "taken_refused": "A bot is playing your seat: press F9 to take it back first.",
        "stats": "Statistics",
        "since_title": "Since your last turn:",
        "since_first_title": "Before your first turn:",
        "since_joined_title": "Since you came to the table:",
        "log_title": "The whole log (Esc closes it)",
        "since_taken": "{player} took {territories} from you.",
        "since_eliminated": "{player} was eliminated by {by}.",
        "since_player": "{player}: {held} {held:territory|territories} ({dheld}), {armies}"
        " {armies:army|armies} ({darmies}), {hand} {hand:card|cards}.",
        "since_traded": "Traded a set for {armies} {armies:army|armies}.",
        "lobby_title": "risk-lan — games on the LAN",
        "address_hint": "or type an address, host:port, and press Enter",
        "name_hint": "your name",
        "no_games": "Looking for games on the LAN…",
        "game_gone": "not seen",
        "game_left": "That game is no longer there ({why}): choose another.",
        "leave_hosted_lobby": "You host this game: Ctrl+Q stops it.",
        "seats": "Seats",
        "ready_hint": "Press C for another colour, R when you are ready; the game starts when"
        " everyone is.",
        "auto_on": "Automatic defence: {dice} {dice:die|dice} (F7).",
        "table": "{mode}: {seats} {seats:seat|seats}, {bots:none played by bots|1 played by a bot|"
        "{bots} played by bots}",
        "join_at": "Players join from the LAN list, or with: risk-lan join {addresses}",
        "table_hint": "You host this game: M changes the mode, S the seats, B the bots, L a"
        " bot's level; X frees another player's seat.",
        "free_title": "Free whose seat? It becomes open again. (Esc: nobody's)",
        "level_title": "Change which bot's level? Enter steps it to the next one. (Esc: none)",
        "level_none": "No seat is played by a bot: B adds one.",
        "bot_seat": "bot",
        "level_easy": "easy",
        "level_normal": "normal",
        "level_hard": "hard",
        "level_exec": "own program",
        "free_none": "No other player is seated.",
        "saves_title": "Games this machine hosted and saved: Enter goes on with one, hosted"
        " here (Esc: back)",
        "saves_none": "No saved game to go on with.",
        "saves_moves": "{moves} {moves:move|moves}",
        "capital": "Choose your headquarters, secretly: pick one of your territories.",
        "capital_ready": "Headquarters: {territory}. F6 seals the choice (Esc to change).",
        "capital_reveal": "Every choice is sealed: opening yours.",
        "capital_mark": "headquarters",
        "objective": "Secret objective (one each)",
        "fell_back": "Now: {text}",
        "to_destroy": "{player}: {left} {left:territory|territories} left",
        "progress_territories": "territories {have}/{need}",
        "progress_other_continents": "other continents {have}/{need}",
        "colour_red": "red",
        "colour_blue": "blue",
        "colour_green": "green",
        "colour_yellow": "yellow",
        "colour_black": "black",
        "colour_white": "white",
    },
    "fr": {
        "waiting": "En attente {player:du}.",
        "claim": "Choisissez un territoire libre, Entrée prend celui du curseur (F8 : un plan"
        " finit la mise en place pour vous).",
        "plan_on": "Votre plan place vos régiments : encore {count}, sur la carte (un choix en"
        " ajoute un, Retour arrière en retire un, Échap l'arrête).",
        "plan_on_claims": "Votre plan choisit vos territoires, comme le robot une fois les"
        " siens pris (Échap l'arrête).",
        "setup": "Placez un régiment sur un de vos territoires (encore {left} ; F8 : un plan les"
        " place).",
        "sent_waiting": "Envoyé : en attente de la réponse de l'hôte…",
        "setup_step": "Placez {step} {step:régiment|régiments} sur un ou plusieurs de vos"
        " territoires (encore {left}).",
        "setup_neutral": "Placez un régiment neutre sur un territoire neutre, pour bloquer votre"
        " adversaire (encore {left}).",
        "neutral": "armée neutre",
        "setup_independent": "Placez 1 régiment de l'{neutral} sur l'un de ses territoires, pour"
        " bloquer votre adversaire (il lui en reste {left}).",
        "place": "Placez vos renforts : encore {left}. Chaque choix en place {amount} (+/-).",
        "place_done": "Tout est placé. Confirmez (Entrée ou F6 : Entrée choisit aussi votre"
        " territoire sous le curseur pour attaquer), ou reprenez (Retour arrière).",
        "trade": "Vous devez échanger une série de cartes (F5).",
        "attack": "Attaque : choisissez un territoire d'où attaquer, ou finissez (F4).",
        "attack_target": "Attaque depuis {source:le} avec {dice} {dice:dé|dés} (1–3 ou +/-) :"
        " choisissez la cible.",
        "attack_ready": "{source} → {target} avec {dice} {dice:dé|dés} : Entrée ou F2 une"
        " attaque, F3 blitz.",
        "fortify": "Manœuvre stratégique : choisissez d'où déplacer, ou finissez le tour (F4).",
        "fortify_target": "Déplacer depuis {source:le} : choisissez vers où.",
        "fortify_ready": "Déplacer {amount} {amount:régiment|régiments} {source:du} vers"
        " {target:le} (+/-, Début, Fin) : Entrée ou F6.",
        "move_in": "Conquis ! Régiments à faire entrer : {amount} ({low}–{high} : +/-, Début,"
        " Fin) : Entrée ou F6 ; F4 finit aussi les attaques.",
        "defend": "{attacker} attaque {target:le} : défendez avec {amount} {amount:dé|dés} (+/-),"
        " Entrée ou F6. F7 :"
        " toujours le plus de dés.",
        "over": "La partie est finie.",
        "cursor_yours": "Curseur : {territory} (à vous, {armies} {armies:régiment|régiments}).",
        "cursor_of": "Curseur : {territory} (à {player}, {armies} {armies:régiment|régiments}).",
        "cursor_free": "Curseur : {territory} (libre).",
        "button_less": "−1",
        "button_more": "+1",
        "button_fewest": "mini",
        "button_most": "maxi",
        "players": "Joueurs",
        "turn_panel": "Maintenant",
        "too_small": "Ce terminal est trop petit pour jouer : risk-lan demande au moins"
        " {need_width}×{need_height}, et il fait {width}×{height}. Agrandissez-le.",
        "hand": "Vos cartes",
        "no_cards": "aucune carte",
        "cards_coming": "{n} {n:carte|cartes} en chemin vers vous",
        "sets": "F5 :",
        "set_value": "{cards} → {value} {value:régiment|régiments}",
        "log": "Journal",
        "chat_hint": "Dites quelque chose à la table (Entrée)",
        "transcript": "transcription",
        "connected": "connecté",
        "reconnecting": "hôte injoignable : reconnexion…",
        "verified": "✓ vérifié",
        "checked_at_end": "vérifié à la fin de la partie",
        "pool": "renforts",
        "cards": "cartes",
        "counts": "{held:>2} terr. {armies:>3} {armies:régiment|régiments}",
        "counts_hand": "{held:>2} terr. {armies:>3} rég. {hand} {hand:carte|cartes}",
        "rounds_battles": "{rounds} {rounds:manche|manches}, {battles} {battles:combat|combats}",
        "counts_short": "{held:>2}t {armies:>3}r {hand}c",
        "you": "vous",
        "away": "absent",
        "winner": "{winner} a gagné !",
        "team_won": "{team} gagnent : un joueur de l'autre équipe est éliminé !",
        "team": "équipe {n}",
        "team_hand": "Cartes de l'équipe",
        "held_by": "(chez {player})",
        "shared": "Territoires partagés",
        "shared_more": "  … et {n} {n:autre|autres}, {n:marqué|marqués} d'un & sur la carte",
        "tie": "égalité : à personne",
        "and": " et ",
        "stopped_title": "La partie est arrêtée.",
        "not_joined_title": "Vous n'avez pas pu rejoindre la partie.",
        "leave_title": "Quitter la partie ?",
        "leave_joined": "Les autres continuent, et au bout d'un moment un robot peut prendre"
        " votre place. Relancez risk-lan join pour la reprendre.",
        "leave_host": "Vous hébergez cette partie : la quitter l'arrête pour tous, jusqu'à ce"
        " que vous lanciez risk-lan host --resume {path}",
        "leave_host_unsaved": "Vous hébergez cette partie : la quitter la termine pour tous, et"
        " elle n'est pas enregistrée pour être reprise.",
        "leave_button": "Quitter",
        "cmd_pause": "Arrêter l'horloge : aucune place ne passe d'elle-même à un robot",
        "cmd_resume": "Relancer l'horloge",
        "cmd_more_time": "Donner {seconds} {seconds:seconde|secondes} de plus à {player}",
        "cmd_hand_to_bot": "Confier maintenant la place {player:du} à un robot",
        "cmd_reclaim": "Reprendre ma place au robot",
        "stay_button": "Rester",
        "stopped_refused": "La partie est arrêtée : plus rien ne peut être joué.",
        "stopped_status": "partie arrêtée",
        "wait_away": "En attente {player:du} : absent depuis {waited}",
        "wait_move": "En attente du coup {player:du} : {waited}",
        "wait_reveal": "En attente de la part des dés {player:du} : {waited}",
        "wait_commit": "En attente de l'engagement {player:du} sur les dés de la partie : {waited}",
        "wait_you_move": "On attend votre coup : {waited}",
        "wait_you_reveal": "On attend votre part des dés : {waited}",
        "wait_you_commit": "On attend votre engagement sur les dés de la partie : {waited}",
        "wait_deck": (
            "En attente de la part {player:du} dans le mélange et la donne des cartes : {waited}"
        ),
        "wait_you_deck": "On attend votre part dans le mélange et la donne des cartes : {waited}",
        "wait_bot": ", un robot prend la place dans {left}",
        "wait_bot_now": ", un robot prend la place",
        "wait_paused": " (horloge arrêtée)",
        "clock_stopped": "L'hôte a arrêté l'horloge : aucune place ne passe d'elle-même à un"
        " robot.",
        "taken_over": "Un robot joue la place {player:du} désormais.",
        "back": "{player} est de retour.",
        "you_taken_over": "Un robot joue votre place. Appuyez sur F9 pour la reprendre.",
        "you_back": "Vous jouez de nouveau votre place.",
        "sealed_taken": "Le robot qui joue la place {player:du} voit désormais"
        " {n:sa carte scellée|ses {n} cartes scellées}.",
        "sealed_back": "{player} a repris sa place, avec {n:sa carte scellée|ses {n} cartes"
        " scellées} ; l'hôte {n:l'a vue|les a vues} pendant que son robot jouait cette place.",
        "you_sealed_taken": "Le robot qui joue votre place voit désormais"
        " {n:votre carte scellée|vos {n} cartes scellées}, et l'hôte aussi.",
        "you_sealed_back": "{n:Votre carte scellée vous revient|Vos {n} cartes scellées vous"
        " reviennent} ; l'hôte {n:l'a vue|les a vues} pendant que son robot jouait votre place.",
        "taken_refused": "Un robot joue votre place : appuyez d'abord sur F9 pour la reprendre.",
        "stats": "Statistiques",
        "since_title": "Depuis votre dernier tour :",
        "since_first_title": "Avant votre premier tour :",
        "since_joined_title": "Depuis votre arrivée à la table :",
        "log_title": "Tout le journal (Échap le ferme)",
        "since_taken": "{player} vous a pris {territories}.",
        "since_eliminated": "{player} a été éliminé par {by}.",
        "since_player": "{player} : {held} {held:territoire|territoires} ({dheld}), {armies}"
        " {armies:régiment|régiments} ({darmies}), {hand} {hand:carte|cartes}.",
        "since_traded": "A échangé une série contre {armies} {armies:régiment|régiments}.",
        "lobby_title": "risk-lan — parties sur le réseau local",
        "address_hint": "ou tapez une adresse, hôte:port, puis Entrée",
        "name_hint": "votre nom",
        "no_games": "Recherche de parties sur le réseau local…",
        "game_gone": "introuvable",
        "game_left": "Cette partie n'est plus là ({why}) : choisissez-en une autre.",
        "leave_hosted_lobby": "Vous hébergez cette partie : Ctrl+Q l'arrête.",
        "seats": "Places",
        "ready_hint": "C : une autre couleur ; R quand vous êtes prêt. La partie commence quand"
        " tous le sont.",
        "auto_on": "Défense automatique : {dice} {dice:dé|dés} (F7).",
        "table": "{mode} : {seats} {seats:place|places}, {bots:aucune jouée par un robot|"
        "dont 1 jouée par un robot|dont {bots} jouées par des robots}",
        "join_at": "On rejoint depuis la liste du réseau, ou avec : risk-lan join {addresses}",
        "table_hint": "Vous hébergez la partie : M change le mode, S les places, B les robots,"
        " L le niveau d'un robot ; X libère la place d'un autre joueur.",
        "free_title": "Libérer la place de qui ? Elle redevient libre. (Échap : personne)",
        "level_title": "Changer le niveau de quel robot ? Entrée le passe au suivant."
        " (Échap : aucun)",
        "level_none": "Aucune place n'est jouée par un robot : B en ajoute un.",
        "bot_seat": "robot",
        "level_easy": "facile",
        "level_normal": "moyen",
        "level_hard": "difficile",
        "level_exec": "programme perso",
        "free_none": "Aucun autre joueur n'est assis.",
        "saves_title": "Parties hébergées et enregistrées sur cette machine : Entrée en reprend"
        " une, hébergée ici (Échap : retour)",
        "saves_none": "Aucune partie enregistrée à reprendre.",
        "saves_moves": "{moves} {moves:coup|coups}",
        "capital": "Choisissez votre Quartier général, en secret : un de vos territoires.",
        "capital_ready": "Quartier général : {territory}. F6 scelle le choix (Échap pour changer).",
        "capital_reveal": "Tous les choix sont scellés : ouverture du vôtre.",
        "capital_mark": "Quartier général",
        "objective": "Objectif secret (un chacun)",
        "fell_back": "Désormais : {text}",
        "to_destroy": "{player} : encore {left} {left:territoire|territoires}",
        "progress_territories": "territoires {have}/{need}",
        "progress_other_continents": "autres continents {have}/{need}",
        "colour_red": "rouge",
        "colour_blue": "bleu",
        "colour_green": "vert",
        "colour_yellow": "jaune",
        "colour_black": "noir",
        "colour_white": "blanc",
    },
}
# Why a pick or a key did nothing, the command palette, the host's refusals, watching a
# game, a player expelled, the modes' own words, and the keys' lines of the pop-ups.
for _more in (HINT_TEXTS, COMMAND_TEXTS, REFUSAL_TEXTS, WATCH_TEXTS, MISSION_TEXTS, ALLY_TEXTS,
              INDEPENDENTS_TEXTS, REVISED_TEXTS, ENTRY_TEXTS, OBJECTIVE_TEXTS,
              EXPEL_TEXTS, HOST_STATUS_TEXTS, KEY_TEXTS, SEALED_TEXTS):  # fmt: skip
    for _lang in TEXTS:
        TEXTS[_lang].update(_more[_lang])


def language(chosen: str | None = None) -> str:
    """``chosen`` if given, else French when the LANG environment variable says so."""
    if chosen in TEXTS:
        return chosen
    return "fr" if os.environ.get("LANG", "").lower().startswith("fr") else "en"


def say(lang: str, key: str, **fields: object) -> str:
    """The text ``key`` in ``lang``, its counts agreeing with their nouns (see wording)."""
    return wording(TEXTS.get(lang, TEXTS["en"])[key], lang, **fields)


def shown(text: object, limit: int = 200) -> str:
    """A peer's text (a name, a chat line, a game's name, a host's message) as a screen may
    show it: a string, at most ``limit`` characters, with every character a terminal might act
    on (Unicode's control and format characters, line breaks) made a space. Written as plain
    text, never as markup."""
    value = text if isinstance(text, str) else str(text)
    if not value.isprintable():
        value = "".join(
            " " if unicodedata.category(c)[0] == "C" or c in "\u2028\u2029" else c for c in value
        )
    return value[:limit]


def refusal(lang: str, code: str, message: str) -> str:
    """The sentence for a refusal from the host: the app's own words for the refusals it
    knows, else the host's message, shown as plain text."""
    words = TEXTS.get(lang, TEXTS["en"])
    if code == "taken_over":
        return words["taken_refused"]
    return words.get(f"refused_{code}") or shown(message, 300)


def translate_bindings(node: Any, lang: str, more: Mapping[str, str] | None = None) -> None:
    """Name ``node``'s key bindings in ``lang`` in the footer (call after its __init__);
    ``more``: names by binding id of keys named elsewhere (a mode's, in its unit)."""
    if lang not in BINDING_NAMES:
        return  # English: each binding's own
    names = {**BINDING_NAMES[lang], **(more or {})}
    table = node._bindings.key_to_bindings  # this node's own copy of its bindings
    for key, bindings in table.items():
        table[key] = [
            replace(b, description=names.get(b.id or "", b.description)) for b in bindings
        ]
