# Stand-in for node:20-bookworm-slim (offline trial): Debian bookworm, Node 20, user node (1000),
# and the host's local CAs (construir.sh).
FROM recargas-offline/debian:bookworm
ADD node.tar /
COPY ca/ /usr/local/share/ca-certificates/
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN update-ca-certificates \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home node
CMD ["node"]
