-- wrk script: durable saves of distinct keys (PUT), spread over scenes.
-- One session from the environment (SCENELINK_SESSION, SCENELINK_TOKEN), or, when
-- SCENELINK_SESSIONS names a file of "ID TOKEN" lines, each request to the next of those
-- sessions in turn (many devices saving at once).
local counter = 0
local thread_tag = tostring(math.random(1, 1e9))
local sessions = {}
local sessions_file = os.getenv("SCENELINK_SESSIONS")
if sessions_file and sessions_file ~= "" then
  for line in io.lines(sessions_file) do
    local id, token = line:match("^(%S+)%s+(%S+)$")
    if id then sessions[#sessions + 1] = { id = id, auth = "Bearer " .. token } end
  end
else
  sessions[1] = { id = os.getenv("SCENELINK_SESSION"), auth = "Bearer " .. os.getenv("SCENELINK_TOKEN") }
end
wrk.method = "PUT"
wrk.body = '["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]'
wrk.headers["Content-Type"] = "application/json"

request = function()
  counter = counter + 1
  local session = sessions[counter % #sessions + 1]
  local path = string.format("/v1/sessions/%s/scenes/s%d/values/k%s-%d", session.id, counter % 500, thread_tag, counter)
  wrk.headers["Authorization"] = session.auth
  return wrk.format(nil, path)
end
