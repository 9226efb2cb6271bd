-- A schema written by the PostgreSQL store of commit 91b4611 (schema version 9, a row in every
-- table), dumped with pg_dump 15 -n oyunbot_fixture --inserts --no-owner --no-privileges --no-comments;
-- its \restrict lines and CREATE SCHEMA removed. The test puts it in a schema of its own
-- (sessions/existing_test.go replaces the name oyunbot_fixture).
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: oyunbot_fixture; Type: SCHEMA; Schema: -; Owner: -
--



SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: challenges; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.challenges (
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    from_id text NOT NULL COLLATE pg_catalog."C",
    to_id text NOT NULL COLLATE pg_catalog."C",
    data text NOT NULL,
    created_ms bigint NOT NULL,
    seq bigint NOT NULL
);


--
-- Name: challenges_seq_seq; Type: SEQUENCE; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE oyunbot_fixture.challenges ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME oyunbot_fixture.challenges_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: channels; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.channels (
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    lang text DEFAULT ''::text NOT NULL,
    level text DEFAULT ''::text NOT NULL,
    dice text DEFAULT ''::text NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.games (
    id bigint NOT NULL,
    game text NOT NULL COLLATE pg_catalog."C",
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    players text NOT NULL,
    level text DEFAULT ''::text NOT NULL,
    moves text DEFAULT '[]'::text NOT NULL,
    clock0_ms bigint DEFAULT 0 NOT NULL,
    clock1_ms bigint DEFAULT 0 NOT NULL,
    started_ms bigint NOT NULL,
    last_ms bigint NOT NULL,
    draw_offer bigint DEFAULT '-1'::integer NOT NULL,
    over bigint DEFAULT 0 NOT NULL,
    winner bigint DEFAULT '-1'::integer NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    tc text DEFAULT ''::text NOT NULL,
    left0_ms bigint DEFAULT 0 NOT NULL,
    left1_ms bigint DEFAULT 0 NOT NULL,
    lang text DEFAULT ''::text NOT NULL,
    tournament bigint DEFAULT 0 NOT NULL,
    round bigint DEFAULT 0 NOT NULL,
    board bigint DEFAULT 0 NOT NULL,
    rated bigint DEFAULT 0 NOT NULL,
    settled bigint DEFAULT 0 NOT NULL,
    p0 text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    p1 text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    version bigint DEFAULT 0 NOT NULL,
    announced bigint DEFAULT 0 NOT NULL,
    start text DEFAULT ''::text NOT NULL,
    points bigint DEFAULT 0 NOT NULL,
    optimal bigint DEFAULT 0 NOT NULL,
    match bigint DEFAULT 0 NOT NULL
);


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE oyunbot_fixture.games ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME oyunbot_fixture.games_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: heartbeat; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.heartbeat (
    id bigint NOT NULL,
    at_ms bigint NOT NULL,
    CONSTRAINT heartbeat_id_check CHECK ((id = 1))
);


--
-- Name: leases; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.leases (
    name text NOT NULL COLLATE pg_catalog."C",
    holder text NOT NULL COLLATE pg_catalog."C",
    until_ms bigint NOT NULL
);


--
-- Name: matches; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.matches (
    id bigint NOT NULL,
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    over bigint DEFAULT 0 NOT NULL,
    data text NOT NULL,
    created_ms bigint NOT NULL,
    updated_ms bigint NOT NULL
);


--
-- Name: matches_id_seq; Type: SEQUENCE; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE oyunbot_fixture.matches ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME oyunbot_fixture.matches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: outbox; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.outbox (
    id bigint NOT NULL,
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    game bigint DEFAULT 0 NOT NULL,
    version bigint DEFAULT 0 NOT NULL,
    data bytea NOT NULL,
    created_ms bigint NOT NULL,
    state text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    note text DEFAULT ''::text NOT NULL,
    owner text DEFAULT ''::text NOT NULL COLLATE pg_catalog."C",
    claim_ms bigint DEFAULT 0 NOT NULL
);


--
-- Name: outbox_id_seq; Type: SEQUENCE; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE oyunbot_fixture.outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME oyunbot_fixture.outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: ratings; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.ratings (
    platform text NOT NULL COLLATE pg_catalog."C",
    game text NOT NULL COLLATE pg_catalog."C",
    player text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL,
    rating double precision NOT NULL,
    rd double precision NOT NULL,
    volatility double precision NOT NULL,
    games bigint NOT NULL,
    updated_ms bigint NOT NULL
);


--
-- Name: schema_version; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.schema_version (
    version integer NOT NULL
);


--
-- Name: tournaments; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.tournaments (
    id bigint NOT NULL,
    platform text NOT NULL COLLATE pg_catalog."C",
    channel text NOT NULL COLLATE pg_catalog."C",
    state text NOT NULL COLLATE pg_catalog."C",
    lang text DEFAULT ''::text NOT NULL,
    data text NOT NULL,
    games text DEFAULT '{}'::text NOT NULL,
    created_ms bigint NOT NULL,
    updated_ms bigint NOT NULL
);


--
-- Name: tournaments_id_seq; Type: SEQUENCE; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE oyunbot_fixture.tournaments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME oyunbot_fixture.tournaments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: users; Type: TABLE; Schema: oyunbot_fixture; Owner: -
--

CREATE TABLE oyunbot_fixture.users (
    platform text NOT NULL COLLATE pg_catalog."C",
    name text NOT NULL COLLATE pg_catalog."C",
    id text NOT NULL COLLATE pg_catalog."C",
    display text NOT NULL
);


--
-- Data for Name: challenges; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.challenges OVERRIDING SYSTEM VALUE VALUES ('telegram', '-100', '42', '7', '{"From":{"ID":"42","Name":"Ayşe","Bot":false},"To":{"ID":"7","Name":"Bora","Bot":false},"Game":"chess","Side":0,"TimeControl":"5m+3s","Lang":"tr","Target":3}', 1700000000040, 1);
INSERT INTO oyunbot_fixture.challenges OVERRIDING SYSTEM VALUE VALUES ('discord', 'c9', '7', '42', '{"From":{"ID":"7","Name":"Bora","Bot":false},"To":{"ID":"42","Name":"Ayşe","Bot":false},"Game":"tavla","Side":-1,"TimeControl":"","Lang":""}', 1700000000040, 2);


--
-- Data for Name: channels; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.channels VALUES ('telegram', '-100', 'en', 'easy', 'hand');


--
-- Data for Name: games; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.games OVERRIDING SYSTEM VALUE VALUES (1, 'dama', 'telegram', '-100', '[{"ID":"42","Name":"Ayşe","Bot":false},{"ID":"7","Name":"Bora","Bot":false}]', '', '["c3-c4","f6-f5"]', 1500, 2300, 1700000000001, 1700000000002, -1, 1, 0, 'resigned', '5m+3s', 240000, 300000, 'tr', 0, 0, 0, 1, 1, '42', '7', 4, 0, '', 1, 0, 0);
INSERT INTO oyunbot_fixture.games OVERRIDING SYSTEM VALUE VALUES (2, 'tictactoe', 'telegram', '-100', '[{"ID":"42","Name":"Ayşe","Bot":false},{"ID":"@bot","Name":"oyunbot","Bot":true,"Level":"hard"}]', 'hard', '["b2","a1"]', 0, 0, 1700000000010, 1700000000011, 1, 0, -1, '', '', 0, 0, 'en', 0, 0, 0, 0, 0, '42', '', 3, 2, 'x........', 0, 0, 0);
INSERT INTO oyunbot_fixture.games OVERRIDING SYSTEM VALUE VALUES (3, 'puzzle8', 'discord', 'c9', '[{"ID":"7","Name":"Bora","Bot":false},{"ID":"@bot","Name":"oyunbot","Bot":true,"Level":"hard"}]', '', '[]', 0, 0, 1700000000020, 1700000000021, -1, 1, -1, 'agreement', '', 0, 0, '', 0, 0, 0, 0, 0, '7', '', 1, 0, '', 0, 14, 1);
INSERT INTO oyunbot_fixture.games OVERRIDING SYSTEM VALUE VALUES (4, 'dama', 'telegram', '-100', '[{"ID":"7","Name":"Bora","Bot":false},{"ID":"42","Name":"Ayşe","Bot":false}]', '', '[]', 0, 0, 1700000000030, 1700000000030, -1, 0, -1, '', '', 0, 0, '', 1, 1, 1, 1, 0, '7', '42', 0, 0, '', 0, 0, 0);


--
-- Data for Name: heartbeat; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.heartbeat VALUES (1, 1700000000080);


--
-- Data for Name: leases; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.leases VALUES ('sweep', 'proc-a', 1703600000090);


--
-- Data for Name: matches; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.matches OVERRIDING SYSTEM VALUE VALUES (1, 'discord', 'c9', 0, '{"ID":0,"Platform":"discord","ChannelID":"c9","Game":"puzzle8","Players":[{"ID":"7","Name":"Bora","Bot":false},{"ID":"@bot","Name":"oyunbot","Bot":true,"Level":"hard"}],"Level":"hard","Target":3,"Score":[1,0],"Games":[3],"Counted":[],"Over":false,"Winner":-1,"TimeControl":{"Base":300000000000,"Increment":3000000000,"PerMove":0},"Lang":"en","Created":"2023-11-14T22:13:20.06Z","Updated":"2023-11-14T22:13:20.061Z"}', 1700000000060, 1700000000061);


--
-- Data for Name: outbox; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.outbox OVERRIDING SYSTEM VALUE VALUES (1, 'telegram', '-100', 2, 2, '\x626f617264207632', 1700000000012, '', '', '', 0);
INSERT INTO oyunbot_fixture.outbox OVERRIDING SYSTEM VALUE VALUES (2, 'telegram', '-100', 0, 0, '\x68656c6c6f', 1700000000070, '', '', '', 0);
INSERT INTO oyunbot_fixture.outbox OVERRIDING SYSTEM VALUE VALUES (3, 'telegram', '-200', 0, 0, '\x000102ff', 1700000000071, '', '', 'proc-a', 1700000200000);
INSERT INTO oyunbot_fixture.outbox OVERRIDING SYSTEM VALUE VALUES (4, 'telegram', '-300', 0, 0, '\x746f6f206f6c64', 1700000000072, 'stale', 'waited too long', '', 0);


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.ratings VALUES ('telegram', 'dama', '42', 'Ayşe', 1562.5, 290.25, 0.06, 1, 1700000000003);
INSERT INTO oyunbot_fixture.ratings VALUES ('telegram', 'dama', '7', 'Bora', 1437.5, 290.25, 0.06, 1, 1700000000003);


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.schema_version VALUES (9);


--
-- Data for Name: tournaments; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.tournaments OVERRIDING SYSTEM VALUE VALUES (1, 'telegram', '-100', 'running', 'tr', '{"game":"dama","system":"roundrobin","num_rounds":3,"time_control":"5m","organiser":"7","players":[{"id":"7","name":"Bora"},{"id":"42","name":"Ayşe"},{"id":"9","name":"Cem"}],"state":"running","rounds":[{"number":1,"pairings":[{"white":2,"black":3,"result":"*"}],"bye":1}]}', '{"1:1":4}', 1700000000050, 1700000000051);


--
-- Data for Name: users; Type: TABLE DATA; Schema: oyunbot_fixture; Owner: -
--

INSERT INTO oyunbot_fixture.users VALUES ('telegram', 'ayse', '42', 'Ayşe');


--
-- Name: challenges_seq_seq; Type: SEQUENCE SET; Schema: oyunbot_fixture; Owner: -
--

SELECT pg_catalog.setval('oyunbot_fixture.challenges_seq_seq', 2, true);


--
-- Name: games_id_seq; Type: SEQUENCE SET; Schema: oyunbot_fixture; Owner: -
--

SELECT pg_catalog.setval('oyunbot_fixture.games_id_seq', 4, true);


--
-- Name: matches_id_seq; Type: SEQUENCE SET; Schema: oyunbot_fixture; Owner: -
--

SELECT pg_catalog.setval('oyunbot_fixture.matches_id_seq', 1, true);


--
-- Name: outbox_id_seq; Type: SEQUENCE SET; Schema: oyunbot_fixture; Owner: -
--

SELECT pg_catalog.setval('oyunbot_fixture.outbox_id_seq', 4, true);


--
-- Name: tournaments_id_seq; Type: SEQUENCE SET; Schema: oyunbot_fixture; Owner: -
--

SELECT pg_catalog.setval('oyunbot_fixture.tournaments_id_seq', 1, true);


--
-- Name: challenges challenges_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.challenges
    ADD CONSTRAINT challenges_pkey PRIMARY KEY (platform, channel, from_id, to_id);


--
-- Name: channels channels_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.channels
    ADD CONSTRAINT channels_pkey PRIMARY KEY (platform, channel);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: heartbeat heartbeat_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.heartbeat
    ADD CONSTRAINT heartbeat_pkey PRIMARY KEY (id);


--
-- Name: leases leases_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.leases
    ADD CONSTRAINT leases_pkey PRIMARY KEY (name);


--
-- Name: matches matches_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.matches
    ADD CONSTRAINT matches_pkey PRIMARY KEY (id);


--
-- Name: outbox outbox_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.outbox
    ADD CONSTRAINT outbox_pkey PRIMARY KEY (id);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (platform, game, player);


--
-- Name: tournaments tournaments_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.tournaments
    ADD CONSTRAINT tournaments_pkey PRIMARY KEY (id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: oyunbot_fixture; Owner: -
--

ALTER TABLE ONLY oyunbot_fixture.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (platform, name);


--
-- Name: games_active; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX games_active ON oyunbot_fixture.games USING btree (over, id);


--
-- Name: games_p0; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX games_p0 ON oyunbot_fixture.games USING btree (platform, channel, p0, id);


--
-- Name: games_p1; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX games_p1 ON oyunbot_fixture.games USING btree (platform, channel, p1, id);


--
-- Name: games_unannounced; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX games_unannounced ON oyunbot_fixture.games USING btree (id) WHERE (announced < version);


--
-- Name: games_unsettled; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX games_unsettled ON oyunbot_fixture.games USING btree (settled, over, id);


--
-- Name: matches_active; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX matches_active ON oyunbot_fixture.matches USING btree (over, id);


--
-- Name: outbox_owner; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX outbox_owner ON oyunbot_fixture.outbox USING btree (owner) WHERE (state = ''::text);


--
-- Name: outbox_pending; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX outbox_pending ON oyunbot_fixture.outbox USING btree (platform, id) WHERE (state = ''::text);


--
-- Name: ratings_board; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX ratings_board ON oyunbot_fixture.ratings USING btree (platform, game, rating DESC);


--
-- Name: tournaments_channel; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX tournaments_channel ON oyunbot_fixture.tournaments USING btree (platform, channel, id);


--
-- Name: tournaments_state; Type: INDEX; Schema: oyunbot_fixture; Owner: -
--

CREATE INDEX tournaments_state ON oyunbot_fixture.tournaments USING btree (state, id);


--
-- PostgreSQL database dump complete
--


