"""What happens when someone clicks: lobby buttons, action groups, selects and ``play``.

Every answer is private (ephemeral) except the table itself. After an action, the same
private message becomes the player's next controls when they still have to decide, so a chain
of small decisions (use a card, then pick where) needs no trip back to the table.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

import lang
from cogs.table.components import (
    ANSWER,
    BOARD,
    HAND,
    ActionSelect,
    ChoiceButton,
    Clicks,
    Control,
    GroupButton,
    LobbyButton,
    LobbyLanguage,
    PageButton,
    PickSelect,
    select_view,
    with_board_button,
)
from cogs.table.embeds import BOARD_IMAGE, event_texts, jump_url, secrets_embed, status_embed
from cogs.table.languages import reader_language
from cogs.table.offers import action_groups, panel
from cogs.table.presenters import ENGLISH, said
from cogs.table.replies import png_file, refusal, replace, reply
from cogs.table.table import Tables
from engine.core import Event, IllegalAction, parse_notation
from engine.text import Text, msg, verbatim
from host.errors import NotSeated, NotYourTurn, StaleAction, UserError
from host.models import GameRecord, Update
from host.service import GameService

log = logging.getLogger(__name__)

PICKS_REMEMBERED = 1000
MESSAGE_LIMIT = 2000
"""The most characters of a message's text on Discord."""


def is_panel(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click came from one of our private (ephemeral) messages."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    return interaction.guild is not None and interaction.permissions.manage_channels


def which_game(
    interaction: discord.Interaction[Any], record: GameRecord, tr: lang.Texts = ENGLISH
) -> str:
    """ "Game #N: " when the answer is given away from the game's channel, else nothing."""
    if interaction.channel_id == record.channel_id:
        return ""
    return tr("**Game #{number}**: ", number=record.id)


def stale(tr: lang.Texts) -> str:
    """What a click on an older moment of the game is told."""
    return refusal(StaleAction(), tr)


def _normalised(notation: str) -> str:
    try:
        return parse_notation(notation)
    except IllegalAction:
        return notation


def closed_note(record: GameRecord, tr: lang.Texts = ENGLISH) -> str:
    if record.status == "finished":
        return tr("Game #{number} is over.", number=record.id)
    if record.status == "abandoned":
        return tr("Game #{number} was abandoned.", number=record.id)
    return tr("Game #{number} has not started yet.", number=record.id)


class Play(Clicks):
    """The interaction flows, shared by every game kind."""

    def __init__(self, service: GameService, tables: Tables) -> None:
        self.service = service
        self.tables = tables
        self._picks: dict[tuple[int, int], list[tuple[int, int]]] = {}
        """(game, version) -> (panel message, interaction) of each pick made at that version."""

    async def clicked(self, interaction: discord.Interaction[Any], control: Control) -> None:
        """What a click on a lobby's or a table's control does."""
        match control:
            case LobbyButton():
                await self.lobby_click(interaction, control.kind, control.game_id, control.op)
            case LobbyLanguage():
                chosen = control.item.values[0] if control.item.values else lang.DEFAULT
                await self.lobby_language(interaction, control.kind, control.game_id, chosen)
            case GroupButton() | PageButton():
                page = control.page if isinstance(control, PageButton) else 0
                await self.open_group(
                    interaction,
                    control.kind,
                    control.game_id,
                    control.version,
                    control.group,
                    page=page,
                )
            case ActionSelect() | ChoiceButton():
                if isinstance(control, ChoiceButton):
                    notation = f"{control.group}:{control.choice}"
                elif control.item.values:
                    notation = control.item.values[0]
                else:
                    return
                await self.choose(
                    interaction,
                    control.game_id,
                    notation,
                    version=control.version,
                    kind=control.kind,
                )
            case PickSelect():
                await self.choose_picked(
                    interaction,
                    control.game_id,
                    control.version,
                    control.group,
                    list(control.item.values),
                    kind=control.kind,
                )

    # -- lobby ------------------------------------------------------------------------------

    async def game(
        self, interaction: discord.Interaction[Any], game_id: int, kind: str | None = None
    ) -> GameRecord:
        """The game a component or command names, if the user may reach it from here (see
        ``GameService.get_for``); otherwise the answer for an unknown game."""
        return await self.service.get_for(
            game_id, guild_id=interaction.guild_id, user_id=interaction.user.id, kind=kind
        )

    async def lobby_click(
        self, interaction: discord.Interaction[Any], kind: str, game_id: int, op: str
    ) -> None:
        user = interaction.user
        self.tables.remember_user(user)
        await self.game(interaction, game_id, kind)
        if op == "start":
            await interaction.response.defer()
            await self.tables.start(game_id, user.id)
            return
        if op == "join":
            record = await self.service.join(game_id, user.id, user.display_name)
        elif op == "leave":
            record = await self.service.leave(game_id, user.id)
        elif op.startswith("ai-"):
            record = await self.service.add_computer(game_id, user.id, op.removeprefix("ai-"))
        elif op.startswith("drop-"):
            number = int(op.removeprefix("drop-"))
            record = await self.service.remove_computer(game_id, user.id, number)
        else:
            record = await self.service.cancel(
                game_id, user.id, can_manage=can_manage(interaction), lobby_only=True
            )
        embed, view = await self.tables.lobby_with_timer(record)
        await interaction.response.edit_message(embed=embed, view=view)

    async def lobby_language(
        self, interaction: discord.Interaction[Any], kind: str, game_id: int, language: str
    ) -> None:
        """The host chose the language of the table: the lobby speaks it at once."""
        await self.game(interaction, game_id, kind)
        record = await self.service.set_table_language(game_id, interaction.user.id, language)
        embed, view = await self.tables.lobby_with_timer(record)
        await interaction.response.edit_message(embed=embed, view=view)

    # -- panels -----------------------------------------------------------------------------

    def panel(
        self, record: GameRecord, user_id: int, language: str = lang.DEFAULT
    ) -> tuple[str, discord.ui.View | None]:
        """The user's controls now, in their ``language``: a prompt, and buttons or the only
        select they need."""
        return panel(self.service, record, self.tables.presenter(record), user_id, language)

    async def show_current(
        self, interaction: discord.Interaction[Any], record: GameRecord, note: str
    ) -> None:
        """Answer an old click with where the game stands; nothing changes. ``note`` is in
        the clicker's language (``reader_language``)."""
        language = await reader_language(interaction)
        url = await self.tables.table_url(record)
        view = record.view(language=language) if record.game is not None else None
        embed = status_embed(record, view, self.tables.presenter(record), url, language)
        prompt, controls = self.panel(record, interaction.user.id, language)
        lines = [note, prompt] if record.status == "running" else [note]
        content = which_game(interaction, record, lang.texts(language)) + "\n".join(lines)
        if is_panel(interaction) or interaction.response.is_done():
            await replace(interaction, content, embed=embed, view=controls)
        else:
            await reply(interaction, content, embed=embed, view=controls)

    # -- choosing ---------------------------------------------------------------------------

    async def open_group(
        self,
        interaction: discord.Interaction[Any],
        kind: str,
        game_id: int,
        version: int,
        group: str,
        *,
        page: int = 0,
    ) -> None:
        self.tables.remember_user(interaction.user)
        await acknowledge(interaction, self.tables)
        record = await self.game(interaction, game_id, kind)
        language = await reader_language(interaction)
        tr = lang.texts(language)
        if record.status != "running" or record.game is None:
            await self.show_current(interaction, record, closed_note(record, tr))
            return
        if record.version != version:
            await self.show_current(interaction, record, stale(tr))
            return
        if group == ANSWER:
            await self.show_panel(interaction, record)
            return
        if group == BOARD:
            await self.show_board(interaction, record)
            return
        turn = self.service.require_turn(record, interaction.user.id)
        pick = turn.decision.pick if turn.decision is not None else None
        if group == HAND or (pick is not None and pick.kind == group):
            # answers from the hidden hand (the table's button is there whatever it holds),
            # or a pick: the decider's own controls, privately
            await self._panel_reply(interaction, record)
            return
        presenter = self.tables.presenter(record)
        seats = [turn.seat] if turn.seat is not None else []
        offered = action_groups(self.service, record, presenter, seats, language=language)
        chosen = next((g for g in offered if g.name == group), None)
        actions = list(chosen.actions) if chosen is not None else []
        if chosen is None or not actions:
            await self.show_current(
                interaction, record, tr("That choice is not yours to make now.")
            )
            return
        if len(actions) == 1:
            await self.choose(interaction, game_id, actions[0].notation, version=version)
            return
        decision = turn.decision
        view = select_view(
            record.kind,
            game_id,
            version,
            group,
            actions,
            page,
            placeholder=chosen.title,
            descriptions=chosen.descriptions,
            language=language,
        )
        prompt = said(decision.prompt, tr) if decision is not None else chosen.title
        content = which_game(interaction, record, tr) + prompt
        if is_panel(interaction):
            await replace(interaction, content, view=view)
        else:
            await reply(interaction, content, view=view)

    async def show_panel(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """The generic "Answer…" button: the clicker's own private question, if they have one.
        Nobody else learns whether they were asked."""
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise NotSeated(msg("You are not in this game."))
        if seat not in record.private_actors():
            raise UserError(msg("There is no private question for you right now."))
        await self._panel_reply(interaction, record)

    async def show_board(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """The ``BOARD`` button of a panel: the board as the clicker's seat sees it now (their
        last move on it), with their controls, in place of the panel. Nothing changes."""
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise NotSeated(msg("You are not in this game."))
        language = await reader_language(interaction)
        tr = lang.texts(language)
        png = await self.tables.board_png(record, record.view(seat, language=language), language)
        embed = discord.Embed(
            title=tr(
                "Game #{number} · the board now (move {move})",
                number=record.id,
                move=record.version,
            ),
            colour=self.tables.presenter(record).colour,
        )
        embed.set_image(url=BOARD_IMAGE)
        prompt, controls = self.panel(record, interaction.user.id, language)
        content = which_game(interaction, record, tr) + prompt
        await replace(interaction, content, embed=embed, file=png_file(png), view=controls)

    async def _panel_reply(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """Show the user's own controls privately, in place of a clicked private message."""
        language = await reader_language(interaction)
        prompt, controls = self.panel(record, interaction.user.id, language)
        content = which_game(interaction, record, lang.texts(language)) + prompt
        if is_panel(interaction):
            await replace(interaction, content, view=controls)
        else:
            await reply(interaction, content, view=controls)

    async def answer_stale(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        notation: str,
        version: int | None,
    ) -> None:
        """An action chosen at an older version. When the action that moved the game on was the
        same user's (a retry after a crash, a command sent twice, two quick picks on one panel),
        say that the first one counted; on the panel that made it, its confirmation stays."""
        record = await self.service.get(game_id)
        tr = lang.texts(await reader_language(interaction))
        mine = None
        panel_id = interaction.message.id if interaction.message is not None else None
        same_panel = version is not None and any(
            message == panel_id and other != interaction.id
            for message, other in self._picks.get((game_id, version), [])
        )
        if version is not None:
            log = await self.service.store.actions(game_id, limit=max(1, record.version - version))
            mine = next(
                (e for e in log if e.version == version + 1 and e.user_id == interaction.user.id),
                None,
            )
        typed = interaction.message is None
        if mine is None or not (same_panel or typed):
            await self.show_current(interaction, record, stale(tr))
            return
        shown = said(mine.label or mine.public_text or mine.notation, tr)
        if mine.notation == _normalised(notation):
            note = tr(
                "That already counted (move {move}: {action}); it was not applied again.",
                move=mine.version,
                action=shown,
            )
        else:
            note = tr(
                "Your earlier choice counted (move {move}: {action}); this one came after it "
                "and was not applied.",
                move=mine.version,
                action=shown,
            )
        if same_panel:
            await reply(interaction, which_game(interaction, record, tr) + note)
        else:
            await self.show_current(interaction, record, note)

    async def _label_of_last(self, game_id: int, notation: str) -> Text:
        """How the action just taken reads, for an action that told the table nothing."""
        last = await self.service.store.actions(game_id, limit=1)
        return (last[-1].label if last else None) or verbatim(notation)

    async def choose_picked(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        version: int,
        group: str,
        values: list[str],
        *,
        kind: str | None = None,
    ) -> None:
        """Entries ticked in a multi-select: the decision's pick turns them into one action."""
        record = await self.game(interaction, game_id, kind)
        tr = lang.texts(await reader_language(interaction))
        if record.status != "running":
            await self.show_current(interaction, record, closed_note(record, tr))
            return
        if record.version != version:
            await self.show_current(interaction, record, stale(tr))
            return
        turn = self.service.require_turn(record, interaction.user.id)
        pick = turn.decision.pick if turn.decision is not None else None
        if pick is None or pick.kind != group:
            await self.show_current(
                interaction, record, tr("That choice is not yours to make now.")
            )
            return
        await self.choose(interaction, game_id, pick.notation(values), version=version, kind=kind)

    async def choose(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        notation: str,
        *,
        version: int | None,
        kind: str | None = None,
    ) -> None:
        """Take one action and turn the private answer into the player's next controls."""
        user = interaction.user
        self.tables.remember_user(user)
        await acknowledge(interaction, self.tables)
        if is_panel(interaction) and version is not None and interaction.message is not None:
            picks = self._picks.setdefault((game_id, version), [])
            picks.append((interaction.message.id, interaction.id))
            while len(self._picks) > PICKS_REMEMBERED:
                self._picks.pop(next(iter(self._picks)))
        await self.game(interaction, game_id, kind)
        try:
            update = await self.tables.act(game_id, user.id, notation, version=version)
        except StaleAction:
            await self.answer_stale(interaction, game_id, notation, version)
            return
        except UserError as error:
            record = await self.service.get(game_id)
            language = await reader_language(interaction)
            tr = lang.texts(language)
            if record.status != "running":
                await self.show_current(interaction, record, closed_note(record, tr))
                return
            prompt, controls = self.panel(record, user.id, language)
            alone = isinstance(error, NotYourTurn | NotSeated)
            said_error = refusal(error, tr)
            lines = [said_error] if alone else [said_error, prompt]
            content = which_game(interaction, record, tr) + "\n".join(lines)
            await replace(interaction, content, view=controls)
            return
        own = update.public_events[: update.own_public]
        label = None if own else await self._label_of_last(game_id, notation)

        answered: discord.WebhookMessage | None = None

        async def followed(moves: list[Update]) -> None:
            """The computers that moved after the choice are done: the same private answer
            now also tells their moves, and gives the person's next controls."""
            try:
                shown = label or verbatim(notation)
                await self._answer_chosen(interaction, update, shown, moves, answered)
            except discord.HTTPException as error:
                log.info("Could not add the computers' moves to a panel: %s", error)

        try:
            answered = await self._answer_chosen(interaction, update, label or verbatim(notation))
        finally:
            # Only now, with the person's own result shown (the table, then their panel), do
            # the computer seats that must decide next move (``cogs.table.thinking``).
            self.tables.computers.wake(game_id, update.record, then=followed)

    async def _answer_chosen(
        self,
        interaction: discord.Interaction[Any],
        update: Update,
        label: Text,
        moves: Sequence[Update] = (),
        again: discord.WebhookMessage | None = None,
    ) -> discord.WebhookMessage | None:
        """The chooser's private answer: what was done, and their next controls; with
        ``moves`` (the computer moves that followed it), those too, and the controls after
        them, in place of the answer (``again``: the follow-up it was, after a table click)."""
        user = interaction.user
        language = await reader_language(interaction)
        tr = lang.texts(language)
        record = moves[-1].record if moves else update.record
        own = update.public_events[: update.own_public]
        after = [
            *update.public_events[len(own) :],
            *(e for moved in moves for e in moved.public_events),
        ]
        lines = confirmation(record, own, said(label, tr), after, language)
        embed = None
        private = [
            *update.private.get(user.id, []),
            *(e for moved in moves for e in moved.private.get(user.id, [])),
        ]
        if private and record.game is not None:
            seat = record.seat_of(user.id)
            embed = secrets_embed(
                record,
                record.view(seat, language=language),
                self.tables.presenter(record),
                event_texts(private, record, language),
                with_image=False,
                language=language,
            )
        prompt, controls = self.panel(record, user.id, language)
        asked = await self._asked_by_dm(record, user.id) if moves else None
        if asked is not None:
            # A computer's move asked them a private question: it came by DM (the rule of
            # ``Messaging.tell_deciders``), so the panel says where instead of asking twice.
            prompt, controls = tr("Your next question came by DM: {link}", link=asked), None
        if not update.new_turn and not moves and self.service.turn(record, user.id).is_theirs:
            # they go on deciding and the table keeps its picture: theirs shows their move
            controls = with_board_button(record.kind, record.id, record.version, controls, language)
        lead = which_game(interaction, record, tr)
        content = panel_content(lead, lines, prompt, record.kind, tr)
        return await replace(interaction, content, embed=embed, view=controls, again=again)

    async def _asked_by_dm(self, record: GameRecord, user_id: int) -> str | None:
        """A link to the DM that asks the user the private question they must answer now in
        ``record`` (None: no such question, or it was not sent by DM, their DMs being
        closed)."""
        seat = record.seat_of(user_id)
        if record.status != "running" or seat is None or seat not in record.private_actors():
            return None
        for question in await self.service.channels.dm_questions(record.id):
            if question.user_id == user_id and question.seat == seat:
                return jump_url(None, question.channel_id, question.message_id)
        return None


def confirmation(
    record: GameRecord,
    public_events: Sequence[Event],
    label: str,
    after: Sequence[Event] = (),
    language: str = lang.DEFAULT,
) -> list[str]:
    """The lines that confirm a person's choice in their panel: everything everyone saw
    happen since it, in order: its own result (``public_events``: every rat it turned over
    and who lost what; or, when it told nobody anything, the choice's ``label``), then
    whatever followed before the person is shown it (``after``: computer players' whole
    turns). ``panel_content`` folds them to fit."""
    done = event_texts(public_events, record, language) or [label]
    return [f"✅ {done[0]}", *done[1:], *event_texts(after, record, language)]


def panel_content(
    lead: str, done: Sequence[str], prompt: str, kind: str, tr: lang.Texts = ENGLISH
) -> str:
    """A panel's text within Discord's 2,000 characters: ``lead`` (which game), every line of
    ``done``, then the ``prompt``. Lines that do not fit are folded, never dropped silently:
    the first line (the person's own result) always shows, and the last line says how many
    more there are and where to read them."""
    tail = [prompt] if prompt else []
    lines = list(done)
    if len(lead + "\n".join([*lines, *tail])) <= MESSAGE_LIMIT:
        return lead + "\n".join([*lines, *tail])
    log = f"`/{kind} log`"

    def more_lines(n: int) -> str:
        return tr.plural(
            "… and {n} more line: {command} shows them all.",
            "… and {n} more lines: {command} shows them all.",
            n,
            command=log,
        )

    kept = lines[:1]
    for line in lines[1:]:
        note = more_lines(len(lines) - len(kept) - 1)
        if len(lead + "\n".join([*kept, line, note, *tail])) > MESSAGE_LIMIT:
            break
        kept.append(line)
    note = more_lines(len(lines) - len(kept))
    text = lead + "\n".join([*kept, note, *tail])
    if len(text) > MESSAGE_LIMIT:  # one line alone is longer than a message: it is shortened
        room = MESSAGE_LIMIT - len(text) + len(kept[0]) - 1
        text = lead + "\n".join([kept[0][: max(room, 0)] + "…", note, *tail])
    return text


async def acknowledge(interaction: discord.Interaction[Any], tables: Tables) -> None:
    """Answer a click at once, before any loading or work, so the acknowledgement never
    waits on the game (Discord drops an interaction not answered within 3 seconds). A click
    in a private panel will edit it; a click on a table message defers an update of that
    message (the private answer follows) and is held to edit the table with
    (``cogs.table.handles``); a typed command gets a private "thinking" answer."""
    if interaction.response.is_done():
        return
    if interaction.message is not None:
        await interaction.response.defer()
        tables.handles.hold(interaction)
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)
