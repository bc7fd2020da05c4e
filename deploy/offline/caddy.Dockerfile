# Stand-in for caddy:2 (offline trial): Debian's Caddy 2.6, with the official image's paths.
FROM recargas-offline/debian:bookworm
RUN apt-get update && apt-get install -y --no-install-recommends caddy \
 && rm -rf /var/lib/apt/lists/*
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
