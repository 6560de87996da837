"""HTTP plumbing shared by the REST and webhook routes: errors, bodies, replies, checks."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import BodyPartReader, web

from .messages import Upload
from .models import JSON, Channel
from .state import FakeState
from .validate import form_error, message_problems

FILE_FIELD = re.compile(r"^files\[(\d+)\]$")
FILE_BYTES = web.RequestKey("fake_file_bytes", int)
"""The request's key for the bytes of the files it uploaded (the request log counts them)."""


class ApiError(Exception):
    """An error reply in Discord's shape: ``{"code": ..., "message": ...}``."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.body: JSON = {"code": code, "message": message}

    @classmethod
    def form(cls, body: JSON) -> ApiError:
        error = cls(400, body["code"], body["message"])
        error.body = body
        return error


class UnknownRoute(Exception):
    """The path names no resource the fake implements (a path segment was not an id)."""


def reply(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly this
    headers = {"Content-Type": "application/json"}
    return web.Response(status=status, body=json.dumps(data).encode(), headers=headers)


async def read_body(request: web.Request) -> tuple[JSON, list[Upload]]:
    """The JSON body, or for multipart requests ``payload_json`` and the ``files[n]`` parts."""
    if not request.content_type.startswith("multipart/"):
        if not request.can_read_body:
            return {}, []
        return await request.json(), []
    body: JSON = {}
    uploads: list[Upload] = []
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        if part.name == "payload_json":
            body = json.loads(await part.text())
            continue
        match = FILE_FIELD.match(part.name or "")
        if match is None:
            raise ApiError(400, 50035, f"Invalid Form Body: unexpected part {part.name!r}")
        data = bytes(await part.read(decode=False))
        content_type = part.headers.get("Content-Type", "application/octet-stream")
        uploads.append(Upload(int(match.group(1)), part.filename or "file", data, content_type))
    request[FILE_BYTES] = sum(len(upload.data) for upload in uploads)
    return body, uploads


def check_can_send(channel: Channel) -> None:
    if channel.recipient is not None and not channel.recipient.dms_open:
        raise ApiError(403, 50007, "Cannot send messages to this user")
    if not channel.bot_can_send:
        raise ApiError(403, 50013, "Missing Permissions")


def check_message(state: FakeState, body: JSON, uploads: list[Upload], *, new: bool) -> None:
    """Discord's limits on a message; an edit need not repeat what the message already has."""
    if sum(len(u.data) for u in uploads) > state.attachment_size_limit:
        raise ApiError(413, 40005, "Request entity too large")
    count = len(uploads) + len(body.get("attachments") or [])
    problems = message_problems(body, attachment_count=count if new else max(count, 1))
    if problems:
        raise ApiError.form(form_error(problems))
