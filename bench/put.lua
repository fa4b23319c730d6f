-- wrk script: durable saves of distinct keys (PUT), spread over scenes.
-- Path prefix comes from the environment: SCENELINK_SESSION, SCENELINK_TOKEN.
local session = os.getenv("SCENELINK_SESSION")
local token = os.getenv("SCENELINK_TOKEN")
local counter = 0
local thread_tag = tostring(math.random(1, 1e9))
wrk.method = "PUT"
wrk.body = '["FuelMoney.HomePath","2","FuelMoney.HomePath","1"]'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. token

request = function()
  counter = counter + 1
  local path = string.format("/v1/sessions/%s/scenes/s%d/values/k%s-%d", session, counter % 500, thread_tag, counter)
  return wrk.format(nil, path)
end
