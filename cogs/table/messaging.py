"""Telling players: who must decide now (a mention or a private question by DM) and the
secrets they are owed (DMs, recorded with the action so a crash cannot lose them).

``Messaging`` is part of ``cogs.table.table.Tables``; it is kept apart so each module holds one
concern. A private question's controls come from ``cogs.table.offers.panel``, as in ephemeral replies.

One place for each question, closed everywhere once answered: a question a person's own choice
leads to shows in their panel and is not sent by DM; any other goes by DM, with the news owed
since their last DM folded in. The DM is remembered (``DmQuestion``) and brought up to date
whenever the game moves on (``close_questions``): answered, closed, or fresh controls. News that
needs no answer goes at most once a turn (a Cartus round) per person and game.

Exactly once: whatever start-up repair may send again after a crash (an owed DM, a notice to
a decider, a private question, a table or lobby post) goes with a message ``nonce`` made from
what it is (``nonce``): discord.py sends it with ``enforce_nonce``, and Discord answers a
repeat within a few minutes with the message it already created instead of a second one.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

import lang
from cogs.table.embeds import clip, fitted, secrets_embed
from cogs.table.languages import table_language
from cogs.table.offers import panel
from cogs.table.presenters import Presenter, said
from cogs.table.replies import png_file
from engine.text import N_, Text, restored, verbatim
from host.errors import UserError
from host.models import DmQuestion, GameRecord, Update
from host.service import GameService

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
SINCE = N_("Since your last message")
"""The title of the news a DM brings: everything private since the DM before it."""
NONCE_LIMIT = 25
"""Discord takes a message nonce of at most 25 characters."""


def nonce(*parts: object) -> str:
    """The nonce of a message the bot may send again after a crash: the same parts give the
    same nonce. The first part (a letter) says what it is; a key too long for Discord keeps
    it and hashes the rest."""
    key = ".".join(str(part) for part in parts)
    if len(key) <= NONCE_LIMIT:
        return key
    what = f"{parts[0]}."
    digest = hashlib.blake2b(key.encode(), digest_size=16).hexdigest()
    return what + digest[: NONCE_LIMIT - len(what)]


def mentions_of(record: GameRecord, seats: Sequence[int]) -> str:
    users = [record.user_of(seat) for seat in seats]
    return " ".join(f"<@{user}>" for user in users if user is not None)


def addressed(record: GameRecord, seats: Sequence[int]) -> int:
    """How many people a text mentioning the seats' players speaks to: its count, so that a
    language addresses one person or several as it does ("du" / "ihr")."""
    return len({user for seat in seats if (user := record.user_of(seat)) is not None})


def owed_news(lines: Sequence[str], language: str) -> list[str]:
    """The news lines of owed DMs (``engine.text.stored`` texts, or an older row's English)
    in the reader's ``language``."""
    tr = lang.texts(language)
    return [said(restored(line), tr) for line in lines]


class Messaging:
    """Notices and DMs of ``Tables`` (which provides what is declared here)."""

    service: GameService
    client: discord.Client

    def __init__(self) -> None:
        self._users: dict[int, discord.User | discord.Member] = {}
        """The Discord users DMs go to, by id, as last seen (``remember_user``)."""
        self._sending: set[int] = set()
        """The owed DMs being sent now (by id), so that none goes twice."""
        self._news_turn: dict[tuple[int, int], object] = {}
        """(game, user) -> the turn (a Cartus round) of the latest DM they were sent, so that
        news comes at most once a turn; forgotten on a restart (then it is sent at once)."""

    if TYPE_CHECKING:

        def presenter(self, record: GameRecord) -> Presenter[Any]: ...

        def channel(self, record: GameRecord, channel_id: int) -> discord.PartialMessageable: ...

        async def table_url(self, record: GameRecord) -> str: ...

        async def board_png(
            self, record: GameRecord, view: Mapping[str, Any], language: str
        ) -> bytes: ...

    async def person_language(self, user_id: int) -> str:
        """The language of what one person alone reads away from an interaction (a DM): the
        one they chose, else their Discord app's as their latest interaction showed it
        (kept by ``Channels.saw_locale``), else English."""
        return await self.service.channels.person_language(user_id)

    # -- telling whoever decides ------------------------------------------------------------

    async def tell_deciders(
        self, record: GameRecord, pinged: Sequence[int] = (), acted_by: int | None = None
    ) -> None:
        """Notify each seat that has just become a decider, once: a public decision by a
        mention in a new message (``pinged``: already mentioned by the new table message),
        a private question by a DM, never with a secret in the channel.

        A question is asked in one place. The person whose own action (``acted_by``) led to
        their next question sees it in the panel they answered from, so it is not sent by
        DM as well; anyone else's question goes by DM. Before that, the DM questions the
        game has moved past are closed (``close_questions``)."""
        await self.close_questions(record)
        new = await self.service.channels.new_deciders(record)
        private = set(record.private_actors())
        public = [seat for seat in new if seat not in private and seat not in pinged]
        if public:
            tr = lang.texts(table_language(record))
            user = record.user_of(public[0])
            decision = self.service.turn(record, user).decision if user is not None else None
            prompt = said(decision.prompt, tr) if decision is not None and decision.prompt else ""
            url = await self.table_url(record)
            text = tr.plural(
                "{players}, it's your decision in game #{number}: {prompt}",
                "{players}, it's your decision in game #{number}: {prompt}",
                addressed(record, public),
                players=mentions_of(record, public),
                number=record.id,
                prompt=prompt,
            ).rstrip()
            try:
                await self.channel(record, record.channel_id).send(
                    clip(text, 1800) + f"\n{url}",
                    allowed_mentions=MENTIONS,
                    nonce=nonce("n", record.id, record.version, record.channel_id),
                )
            except discord.HTTPException:
                log.warning("Could not tell the deciders of game #%s", record.id)
        for seat in new:
            if seat in private and (acted_by is None or record.user_of(seat) != acted_by):
                await self.ask_privately(record, seat)
        # Only now: a crash before this line leaves the notices to start-up repair.
        await self.service.channels.mark_deciders_told(record)

    async def ask_privately(self, record: GameRecord, seat: int) -> None:
        """DM a private question with its controls. With closed DMs, mention everyone the
        question could have gone to, so the mention does not say who was asked."""
        user_id = record.user_of(seat)
        if user_id is None:
            return
        owed = [
            (dm_id, lines)
            for dm_id, _, user, lines in await self.service.channels.pending_dms(record.id)
            if user == user_id and dm_id not in self._sending
        ]
        ids = [dm_id for dm_id, _ in owed]
        self._sending.update(ids)
        try:
            user = await self.user(user_id)
            language = await self.person_language(user_id)
            text, controls = await self._question(record, user_id, language)
            kwargs: dict[str, Any] = {"view": controls} if controls is not None else {}
            view = record.view(seat, language=language)
            news = owed_news([line for _, lines in owed for line in lines], language)
            embed = secrets_embed(
                record,
                view,
                self.presenter(record),
                news,
                news_title=lang.say(SINCE, language),
                language=language,
            )
            png = await self.board_png(record, view, language)
            question = nonce("q", record.id, record.version, seat)
            sent = await user.send(
                text,
                embed=fitted(embed, lang.texts(language)),
                file=png_file(png),
                nonce=question,
                **kwargs,
            )
            self._news_turn[(record.id, user_id)] = self._turn(record)
            for dm_id in ids:
                await self.service.channels.dm_done(dm_id)
            await self.service.channels.set_dm_question(
                DmQuestion(record.id, user_id, seat, sent.channel.id, sent.id, record.version)
            )
            return
        except discord.HTTPException as error:
            if not await self._dms_closed(record, user_id, error):
                return
        finally:
            self._sending.difference_update(ids)
        view = record.view()
        asked = [s for s in self.presenter(record).could_be_asked(view) if record.user_of(s)]
        if seat not in asked:
            asked = [s.seat for s in record.seats if s.user_id is not None]
        tr = lang.texts(table_language(record))
        button = self.presenter(record).group_title("answer", language=tr.language) + "…"
        text = tr.plural(
            "{players}: game #{number} waits for a private answer that may be one of yours. "
            "Use the **{button}** button on the table to see whether you are asked.",
            "{players}: game #{number} waits for a private answer that may be one of yours. "
            "Use the **{button}** button on the table to see whether you are asked.",
            addressed(record, asked),
            players=mentions_of(record, asked),
            number=record.id,
            button=button,  # (made apart: the marker's call names no ``tr``)
        )
        try:
            await self.channel(record, record.channel_id).send(
                text,
                allowed_mentions=MENTIONS,
                nonce=nonce("c", record.id, record.version, seat, record.channel_id),
            )
        except discord.HTTPException:
            log.warning("Could not mention the players of game #%s", record.id)

    async def _question(
        self, record: GameRecord, user_id: int, language: str
    ) -> tuple[str, discord.ui.View | None]:
        """The text and controls of a person's private question now, as a DM shows it, in
        their ``language``."""
        tr = lang.texts(language)
        presenter = self.presenter(record)
        prompt, controls = panel(self.service, record, presenter, user_id, language)
        url = await self.table_url(record)
        text = "\n".join(
            [
                tr(
                    "**Game #{number}**: a private question for you, only you see it.",
                    number=record.id,
                ),
                prompt,
                tr("[Back to the table]({link})", link=url),
            ]
        )
        return clip(text, 2000), controls

    async def close_questions(self, record: GameRecord) -> None:
        """Bring every DM question of the game up to date once the game has moved on: a
        question its person answered (in the DM, from the table or by command) or that is
        gone says so and loses its controls; one still waiting for them (others answered
        theirs meanwhile) gets controls for the game as it is now."""
        for question in await self.service.channels.dm_questions(record.id):
            if question.version == record.version:
                continue
            answered = await self._answer_since(record, question)
            waiting = (
                answered is None
                and record.status == "running"
                and question.seat in record.private_actors()
                and record.user_of(question.seat) == question.user_id
            )
            channel = self.client.get_partial_messageable(question.channel_id)
            message = channel.get_partial_message(question.message_id)
            language = await self.person_language(question.user_id)
            tr = lang.texts(language)
            try:
                if waiting:
                    text, controls = await self._question(record, question.user_id, language)
                    await message.edit(content=text, view=controls)
                    await self.service.channels.set_dm_question(
                        replace(question, version=record.version)
                    )
                    continue
                if answered is not None:
                    text = tr(
                        "**Game #{number}**: ✅ answered: {answer}",
                        number=record.id,
                        answer=said(answered, tr),
                    )
                else:
                    text = tr(
                        "**Game #{number}**: this question is closed; the game moved on.",
                        number=record.id,
                    )
                await message.edit(content=clip(text, 2000), view=None)
            except discord.NotFound:
                pass  # deleted: nothing left to close
            except discord.HTTPException:
                log.warning("Could not close a question of game #%s", record.id, exc_info=True)
                continue
            await self.service.channels.drop_dm_question(record.id, question.user_id)

    async def _answer_since(self, record: GameRecord, question: DmQuestion) -> Text | None:
        """How the question's seat answered it: its first action after the question was
        asked (None if it has not acted since)."""
        since = record.version - question.version
        if since <= 0:
            return None
        log_entries = await self.service.store.actions(record.id, limit=since)
        mine = [e for e in log_entries if e.version > question.version and e.seat == question.seat]
        if not mine:
            return None
        first = mine[0]
        return first.label or first.public_text or verbatim(first.notation)

    def _turn(self, record: GameRecord) -> object:
        """The turn the game is in (a Cartus round), or its status once it is not running."""
        if record.status != "running" or record.game is None:
            return record.status
        return record.game.view(None).get("turn")

    # -- secrets ----------------------------------------------------------------------------

    async def send_secrets(self, update: Update) -> None:
        """DM each player what the store recorded as owed with this update's actions (every
        private message goes that way, whoever's move caused it). Closed DMs are remembered
        and announced once; they are tried again each time."""
        await self.send_owed(update.record.id, update.record)

    async def send_owed(
        self, game_id: int | None = None, record: GameRecord | None = None
    ) -> set[int]:
        """Send the private messages the store says are owed (of one game, or of all at
        start-up): one DM per player and game, with the news of every owed record, exactly
        once (its nonce is made of the records' ids). Returns the users they went to."""
        sent: set[int] = set()
        batches: dict[tuple[int, int], list[tuple[int, list[str]]]] = {}
        for dm_id, owed_game, user_id, lines in await self.service.channels.pending_dms(game_id):
            if dm_id not in self._sending:
                batches.setdefault((owed_game, user_id), []).append((dm_id, lines))
        for (owed_game, user_id), batch in batches.items():
            ids = [dm_id for dm_id, _ in batch]
            news = [line for _, lines in batch for line in lines]
            self._sending.update(ids)
            try:
                current = record if record is not None else await self.service.get(owed_game)
                turn = self._turn(current)
                if self._news_turn.get((owed_game, user_id), None) == turn:
                    continue  # they had this turn's DM: the news waits for the next one
                if news or self._has_secrets(current, user_id):
                    await self._dm(current, user_id, news, nonce("s", ids[0], ids[-1]))
                    self._news_turn[(owed_game, user_id)] = turn
                sent.add(user_id)
            except UserError:
                log.warning("Game #%s cannot be shown; its owed DM is dropped", owed_game)
            finally:
                self._sending.difference_update(ids)
            # Forgotten only once sent (or impossible): a crash before this sends it again,
            # with the same nonce, so Discord keeps the first one.
            for dm_id in ids:
                await self.service.channels.dm_done(dm_id)
        return sent

    def _has_secrets(self, record: GameRecord, user_id: int) -> bool:
        seat = record.seat_of(user_id)
        if seat is None or record.game is None:
            return False
        return bool(
            self.presenter(record).secret_lines(record.view(seat), lang.texts(lang.DEFAULT))
        )

    async def _dm(
        self, record: GameRecord, user_id: int, news: Sequence[str], sent_as: str
    ) -> None:
        try:
            await self.dm_secrets(record, user_id, news, sent_as)
            if await self.service.channels.dms_closed(user_id):
                await self.service.channels.mark_dms_closed(user_id, False)
        except discord.HTTPException as error:
            await self._dms_closed(record, user_id, error)

    async def _dms_closed(
        self, record: GameRecord, user_id: int, error: discord.HTTPException
    ) -> bool:
        """After a DM failed (called while handling ``error``): True when it was the user's
        DMs being closed, which is noted and announced in the game's channel the first time;
        any other failure is logged."""
        if isinstance(error, discord.Forbidden) and error.code == DMS_CLOSED:
            if await self.service.channels.mark_dms_closed(user_id):
                await self._announce_closed_dms(record, user_id)
            return True
        if isinstance(error, discord.Forbidden):
            log.warning("DM to %s refused: %s", user_id, error)
        else:
            log.warning("Could not DM %s for game #%s", user_id, record.id, exc_info=True)
        return False

    async def dm_secrets(
        self, record: GameRecord, user_id: int, news: Sequence[str], sent_as: str
    ) -> None:
        seat = record.seat_of(user_id)
        if seat is None or record.game is None:
            return
        language = await self.person_language(user_id)
        view = record.view(seat, language=language)
        png = await self.board_png(record, view, language)
        tr = lang.texts(language)
        embed = secrets_embed(
            record,
            view,
            self.presenter(record),
            owed_news(news, language),
            news_title=tr.say(SINCE),
            language=language,
        )
        embed.add_field(
            name=tr("Table"),
            value=tr(
                "[Back to game #{number}]({link})",
                number=record.id,
                link=await self.table_url(record),
            ),
            inline=False,
        )
        user = await self.user(user_id)
        await user.send(embed=fitted(embed, tr), file=png_file(png), nonce=sent_as)

    def remember_user(self, user: discord.User | discord.Member) -> None:
        """A user seen in an interaction: DMs to them need not fetch them."""
        self._users[user.id] = user

    async def user(self, user_id: int) -> discord.User | discord.Member:
        """The Discord user of ``user_id`` (remembered once fetched): whom a DM goes to."""
        user = self._users.get(user_id) or self.client.get_user(user_id)
        if user is None:
            user = await self.client.fetch_user(user_id)
        self._users[user_id] = user
        return user

    async def _announce_closed_dms(self, record: GameRecord, user_id: int) -> None:
        tr = lang.texts(table_language(record))
        text = tr(
            "{player}, I can't send you direct messages, so I will show your secrets only to "
            "you, here: use {command} any time to see them.",
            player=f"<@{user_id}>",
            command=f"`/{record.kind} hand`",
        )
        try:
            await self.channel(record, record.channel_id).send(text, allowed_mentions=MENTIONS)
        except discord.HTTPException:
            log.warning("Could not announce closed DMs in game #%s", record.id)
