-- wrk script for `hilltb serve`: cycles through five koth KQRvKR (5-piece) positions,
-- each answered with its value and every move's (GET /koth?fen=). See docs/server.md.
--   wrk -t1 -c1 -d10s -s bench/serve_load.lua --latency http://127.0.0.1:9000
local fens = {
  "8/8/8/6k1/8/8/1r6/KQR5_w_-_-_0_1",
  "k7/8/8/8/8/5r2/8/K1QR4_w_-_-_0_1",
  "7k/8/1r6/8/8/8/8/KRQ5_b_-_-_0_1",
  "8/1k6/8/8/8/8/6r1/Q1R3K1_w_-_-_0_1",
  "1r6/8/8/8/8/2k5/8/K3RQ2_b_-_-_0_1",
}
local n = 0
request = function()
  n = n % #fens + 1
  return wrk.format("GET", "/koth?fen=" .. fens[n])
end
