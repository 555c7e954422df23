#!/bin/sh
# The production server as `npm start` (and so the systemd unit in docs/deploy) and `npm run bench`
# run it, with the memory settings measured to keep it lean (README, "Memory and CPU";
# docs/decisions/0016-lean-server.md):
# - MALLOC_ARENA_MAX=2: glibc gives threads that allocate at once (zlib and brotli in libuv's
#   pool, SQLite, the main thread) arenas of their own, up to eight per core, and rarely hands
#   their freed memory back; two arenas keep the native heap compact. An operator's own value wins.
# - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ at 128 KB: glibc raises both each time a large
#   block is freed, until blocks of up to 32 MB come from the heap and a freed one is kept there;
#   fixed, a large block goes back to the system when freed, and so does free memory at the heap's
#   top (some 15 MB less at the bench's peak). An operator's own values win.
# - MALLOC_MMAP_THRESHOLD_ at 32 KB for the server (npm run content keeps 128 KB): V8's compilers
#   allocate their working memory in 32 KB segments (Maglev and TurboFan zones: some 24 MB at once
#   while a fresh server warms up), freed when a compilation ends. From the heap, those holes sat
#   between long-lived blocks, where glibc cannot give them back: 30-45 MB free but resident in the
#   arenas after the lean bench's fresh renders (malloc_info; a malloc_trim gave back 36 MB), and how
#   much varies from run to run. Mapped, each segment goes back to the system when freed: the lean
#   bench's peak 210-211 MB against 238-250 MB, renders' CPU the same (docs/decisions/0016, "arena holes").
# - --max-semi-space-size=8: V8's young generation at 8 MB per half instead of 16 MB or more:
#   a rendered page's garbage still dies young (4 MB cost 0.3 ms of GC per page), and the heap
#   stays some 60 MB smaller.
# - --max-old-space-size=1024: V8 sizes its heap from the machine's memory; on a machine with many
#   GB it lets the old generation grow to four times what is live before collecting (garbage pages
#   and Buffers pile up: 410 MB under the bench's load). A 1 GB ceiling makes it grow by some 1.6
#   times instead: 300 MB under the same load for 7% more CPU per request, and still far above what
#   the server holds (exports and imports stream).
# - --no-allocation-site-pretenuring: V8 otherwise learns from one burst of long-lived objects (the
#   link checker loading undici: some 7 MB of modules at once) that allocation sites shared with every
#   request (headers, streams, event emitters) make old objects, and from then on allocates every
#   request's garbage in the old generation: a full collection every 250 ms instead of every second,
#   and stored pages served at 64-78% of their rate while the checker worked. With this flag: 92-99%,
#   and no measurable change in a fresh page's CPU or the memory (docs/decisions/0016-lean-server.md).
cd "$(dirname "$0")/.." || exit 1
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-131072}"
export NODE_ENV=production
exec "${NODE:-node}" --max-semi-space-size=8 --max-old-space-size=1024 --no-allocation-site-pretenuring server.ts "$@"
