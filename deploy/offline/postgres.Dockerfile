# Stand-in for postgres:16 (offline trial): Debian's PostgreSQL 15 with pg_trgm, started like the
# official image (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB on first start; PGDATA below).
FROM recargas-offline/debian:bookworm
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql && chmod 700 /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/
ENV PGDATA=/var/lib/postgresql/data PATH=/usr/lib/postgresql/15/bin:$PATH
USER postgres
EXPOSE 5432
CMD ["sh", "/usr/local/bin/postgres-entrypoint.sh"]
