# Stand-in for redis:7 (offline trial): Debian's Redis 7.0, in the foreground on every address.
FROM recargas-offline/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--daemonize", "no", "--save", ""]
