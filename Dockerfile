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
COPY lang lang
RUN pip install --no-cache-dir .
COPY bot.py .

RUN useradd --create-home --uid 1000 rattus && mkdir -p /data && chown rattus /data
USER rattus
# Without RATTUS_DB the bot keeps a SQLite file in the /data volume.
ENV RATTUS_DB=/data/rattus.sqlite3
VOLUME ["/data"]
# /healthz and /metrics inside the container (set RATTUS_HTTP_HOST=0.0.0.0 and publish the
# port to scrape /metrics from outside). docker stop sends SIGTERM: the bot stops cleanly.
ENV RATTUS_HTTP_PORT=8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["python", "-c", "import sys, urllib.request; urllib.request.urlopen('http://127.0.0.1:8080/healthz', timeout=4); sys.exit(0)"]
STOPSIGNAL SIGTERM

CMD ["python", "bot.py"]
