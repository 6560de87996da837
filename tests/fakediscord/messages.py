"""Messages and their attachments: create, edit and delete as Discord does."""

from __future__ import annotations

import copy
import io
import re
from dataclasses import dataclass
from typing import Any

from PIL import Image, UnidentifiedImageError

from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    JSON,
    Channel,
    Pulse,
    Snowflakes,
    StoredMessage,
    User,
    iso_now,
)

MENTION = re.compile(r"<@!?(\d+)>")
EMBED_MEDIA = ("image", "thumbnail")
EMBED_ICONS = ("author", "footer")
CREATED_KEYS = ("content", "embeds", "components", "tts", "message_reference", "poll")


class UnknownAttachment(ValueError):
    """An edit listed an attachment id that is neither on the message nor uploaded."""


@dataclass(frozen=True)
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str


class MessageStore:
    def __init__(self, ids: Snowflakes, pulse: Pulse, bot: User, users: dict[int, User]) -> None:
        self._ids = ids
        self._pulse = pulse
        self._bot = bot
        self._users = users
        self.base_url = ""
        self.by_id: dict[int, StoredMessage] = {}
        self.files: dict[int, bytes] = {}
        self.versions: list[tuple[StoredMessage, JSON]] = []
        """Every message as it was shown, each time it was posted or edited (oldest first):
        what a person may have read, even if later edited away."""

    def get(self, message_id: int) -> StoredMessage | None:
        message = self.by_id.get(message_id)
        return None if message is None or message.deleted else message

    def in_channel(self, channel: Channel) -> list[StoredMessage]:
        return [
            m
            for m in self.by_id.values()
            if m.channel is channel and not m.deleted and m.visible_to is None
        ]

    def ephemeral_for(self, user: User) -> list[StoredMessage]:
        return [m for m in self.by_id.values() if m.visible_to is user and not m.deleted]

    def create(
        self,
        channel: Channel,
        body: JSON,
        uploads: list[Upload],
        *,
        visible_to: User | None = None,
        message_type: int = 0,
        extra: JSON | None = None,
    ) -> StoredMessage:
        message_id = self._ids.next()
        flags = int(body.get("flags") or 0)
        if visible_to is not None:
            flags |= FLAG_EPHEMERAL
        data: JSON = {
            "id": str(message_id),
            "channel_id": str(channel.id),
            "author": self._bot.payload(),
            "content": "",
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": message_type,
            "flags": flags,
        }
        data.update(extra or {})
        for key in CREATED_KEYS:
            if body.get(key) is not None:
                data[key] = copy.deepcopy(body[key])
        stored = StoredMessage(data=data, channel=channel, visible_to=visible_to)
        uploaded = self._new_attachments(stored, body.get("attachments"), uploads, [])
        data["attachments"] = uploaded
        data["embeds"] = [self._embed(e, uploaded) for e in data["embeds"]]
        data["mentions"] = self._mentions(data["content"])
        self.by_id[message_id] = stored
        self.versions.append((stored, copy.deepcopy(_readable(data))))
        self._pulse.notify()
        return stored

    def edit(self, stored: StoredMessage, body: JSON, uploads: list[Upload]) -> StoredMessage:
        data = stored.data
        attachments = self._new_attachments(
            stored, body.get("attachments"), uploads, data["attachments"]
        )
        for key in ("content", "embeds", "components"):
            if key in body:
                data[key] = copy.deepcopy(body[key]) if body[key] is not None else _empty(key)
        if "flags" in body and body["flags"] is not None:
            kept = data["flags"] & FLAG_EPHEMERAL
            data["flags"] = int(body["flags"]) | kept
        data["flags"] &= ~FLAG_LOADING
        data["attachments"] = attachments
        data["embeds"] = [self._embed(e, attachments) for e in data["embeds"]]
        data["mentions"] = self._mentions(data["content"])
        data["edited_timestamp"] = iso_now()
        self.versions.append((stored, copy.deepcopy(_readable(data))))
        self._pulse.notify()
        return stored

    def delete(self, stored: StoredMessage) -> None:
        stored.deleted = True
        self._pulse.notify()

    def attachment_bytes(self, message: JSON) -> list[bytes]:
        return [self.files[int(a["id"])] for a in message.get("attachments", [])]

    def _new_attachments(
        self,
        stored: StoredMessage,
        wanted: list[JSON] | None,
        uploads: list[Upload],
        existing: list[JSON],
    ) -> list[JSON]:
        by_index = {upload.index: upload for upload in uploads}
        if wanted is None:
            return existing + [self._attach(stored, u, None) for u in uploads]
        current = {int(a["id"]): a for a in existing}
        result: list[JSON] = []
        for entry in wanted:
            key = int(entry["id"])
            if key in current:
                result.append(current[key])
            elif key in by_index:
                result.append(self._attach(stored, by_index[key], entry))
            else:
                raise UnknownAttachment(f"attachment {key} is not on message {stored.id}")
        return result

    def _attach(self, stored: StoredMessage, upload: Upload, entry: JSON | None) -> JSON:
        attachment_id = self._ids.next()
        filename = (entry or {}).get("filename") or upload.filename
        url = f"{self.base_url}/attachments/{stored.channel.id}/{attachment_id}/{filename}"
        self.files[attachment_id] = upload.data
        data: JSON = {
            "id": str(attachment_id),
            "filename": filename,
            "size": len(upload.data),
            "url": url,
            "proxy_url": url,
            "content_type": _content_type(filename, upload.content_type),
            "ephemeral": stored.visible_to is not None,
        }
        description = (entry or {}).get("description")
        if description:
            data["description"] = description
        data.update(_image_size(upload.data))
        return data

    def _mentions(self, content: str) -> list[JSON]:
        ids = dict.fromkeys(int(found) for found in MENTION.findall(content or ""))
        return [self._users[i].payload() for i in ids if i in self._users]

    def _embed(self, embed: JSON, attachments: list[JSON]) -> JSON:
        embed = copy.deepcopy(embed)
        embed.setdefault("type", "rich")
        by_name = {a["filename"]: a for a in attachments}
        for key in EMBED_MEDIA:
            media = embed.get(key)
            if media and str(media.get("url", "")).startswith("attachment://"):
                attachment = by_name.get(media["url"].removeprefix("attachment://"))
                if attachment is None:
                    del embed[key]
                    continue
                media.update(
                    url=attachment["url"], proxy_url=attachment["url"], **_image_size_of(attachment)
                )
        for key in EMBED_ICONS:
            block = embed.get(key)
            if block and str(block.get("icon_url", "")).startswith("attachment://"):
                attachment = by_name.get(block["icon_url"].removeprefix("attachment://"))
                if attachment is not None:
                    block["icon_url"] = block["proxy_icon_url"] = attachment["url"]
        return embed


def _readable(data: JSON) -> JSON:
    """The parts of a message a person reads (its text, embeds and controls)."""
    return {key: data.get(key) for key in ("content", "embeds", "components")}


def _empty(key: str) -> Any:
    return "" if key == "content" else []


def _content_type(filename: str, declared: str) -> str:
    suffix = filename.rsplit(".", 1)[-1].lower()
    known = {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "txt": "text/plain"}
    return known.get(suffix, declared or "application/octet-stream")


def _image_size(data: bytes) -> JSON:
    try:
        with Image.open(io.BytesIO(data)) as image:
            return {"width": image.width, "height": image.height}
    except (UnidentifiedImageError, OSError):
        return {}


def _image_size_of(attachment: JSON) -> JSON:
    return {key: attachment[key] for key in ("width", "height") if key in attachment}
