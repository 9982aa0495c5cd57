/**
 * Runs an Argo CD Lua health check the way Argo CD does (the object as the global `obj`,
 * the script's returned table read as `{ status, message }`), on fengari, a Lua VM in JS.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fengari = require('fengari');
const { lua, lauxlib, lualib, to_luastring, to_jsstring } = fengari;

type LuaState = unknown;

function push(L: LuaState, v: unknown): void {
  if (v === null || v === undefined) lua.lua_pushnil(L);
  else if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
  else if (typeof v === 'number') lua.lua_pushnumber(L, v);
  else if (typeof v === 'string') lua.lua_pushstring(L, to_luastring(v));
  else if (Array.isArray(v)) {
    lua.lua_createtable(L, v.length, 0);
    v.forEach((item, i) => {
      push(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else {
    lua.lua_createtable(L, 0, 0);
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      push(L, item);
      lua.lua_setfield(L, -2, to_luastring(k));
    }
  }
}

function field(L: LuaState, name: string): string | undefined {
  lua.lua_getfield(L, -1, to_luastring(name));
  const out = lua.lua_isnil(L, -1) ? undefined : to_jsstring(lua.lua_tostring(L, -1));
  lua.lua_pop(L, 1);
  return out;
}

export function runHealthLua(script: string, obj: unknown): { status?: string; message?: string } {
  const L = lauxlib.luaL_newstate();
  lualib.luaL_openlibs(L);
  push(L, obj);
  lua.lua_setglobal(L, to_luastring('obj'));
  if (lauxlib.luaL_dostring(L, to_luastring(script)) !== lua.LUA_OK) {
    throw new Error(`Lua error: ${to_jsstring(lua.lua_tostring(L, -1))}`);
  }
  return { status: field(L, 'status'), message: field(L, 'message') };
}
