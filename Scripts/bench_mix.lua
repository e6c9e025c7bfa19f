-- wrk script for the memory test: a fixed mix of stop pages, /healthz and the stylesheet, and a fixed
-- number of responses. Run it with ONE wrk thread (-t1): each thread has its own Lua state, so the limit
-- is per thread. When the limit is reached the thread stops and creates the file BENCH_MIX_DONE; bench.sh
-- watches for it and sends SIGINT to wrk, which ends wrk's timed sleep so that it prints its summary.
--
-- Environment:
--   BENCH_MIX_STOPS      space-separated stop paths, e.g. "/stops/train/1071 /stops/tram/2009"
--   BENCH_MIX_LIMIT      responses before wrk stops
--   BENCH_MIX_STOP_EVERY one request in this many is a stop page (the rest alternate /healthz and the CSS)
--   BENCH_MIX_DONE       file to create when the limit is reached

local stops = {}
for path in string.gmatch(os.getenv("BENCH_MIX_STOPS") or "/stops/train/1071", "%S+") do
  stops[#stops + 1] = path
end
local limit = tonumber(os.getenv("BENCH_MIX_LIMIT") or "25000")
local every = tonumber(os.getenv("BENCH_MIX_STOP_EVERY") or "3")
local done_file = os.getenv("BENCH_MIX_DONE")

local sent = 0
local received = 0
local stop_index = 0
local other = 0

function request()
  sent = sent + 1
  local path
  if sent % every == 0 then
    stop_index = stop_index % #stops + 1
    path = stops[stop_index]
  else
    other = other + 1
    path = (other % 2 == 0) and "/healthz" or "/static/css/trakx.css"
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  received = received + 1
  if received == limit then
    wrk.thread:stop()
    if done_file then
      local f = io.open(done_file, "w")
      f:write(received, "\n")
      f:close()
    end
  end
end
