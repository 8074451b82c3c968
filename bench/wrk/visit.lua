-- wrk script of bench/visit-ingestion.ts: POST a visit with fresh ids, as the SDK sends it.
-- The parent passes the pass token, its header name, the fields every visit shares (JSON without
-- braces) and a seed, so no two runs propose the same visit ids.
local function setting(name)
  return (assert(os.getenv(name), name .. " is not set"))
end

local constant = setting("VISIT_CONSTANT")
math.randomseed(tonumber(setting("VISIT_SEED")))

wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers[setting("VISIT_TOKEN_HEADER")] = setting("VISIT_TOKEN")

local random, format = math.random, string.format

-- A version-4 UUID (RFC 9562 §5.4) from the seeded generator.
local function uuid()
  return format("%08x-%04x-4%03x-%04x-%06x%06x", random(0, 0xffffffff), random(0, 0xffff),
    random(0, 0xfff), random(0x8000, 0xbfff), random(0, 0xffffff), random(0, 0xffffff))
end

request = function()
  local visit = uuid()
  local body = '{"visitId":"' .. visit .. '","visitorId":"' .. uuid() .. '","parentVisitId":"' .. visit ..
    '","absoluteParentVisitId":"' .. visit .. '","createdAt":' .. (os.time() * 1000) .. ',' .. constant .. '}'
  return wrk.format(nil, nil, nil, body)
end
