# The bot in a container. Settings come from the environment (see .env.example);
# docker-compose.yml runs it beside PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY engine engine
COPY render render
COPY host host
COPY cogs cogs
RUN pip install --no-cache-dir .
COPY bot.py .

RUN useradd --create-home --uid 1000 rattus && mkdir -p /data && chown rattus /data
USER rattus
# Without RATTUS_DB the bot keeps a SQLite file in the /data volume.
ENV RATTUS_DB=/data/rattus.sqlite3
VOLUME ["/data"]

CMD ["python", "bot.py"]
