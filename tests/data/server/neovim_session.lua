-- A Neovim session with acclint's language server (tests/test_server_neovim.py): open train.py,
-- read the diagnostics, silence and unsilence the finding in the unsaved buffer, apply the
-- preferred quick fix. Neovim 0.7 API (vim.lsp.start_client), which later versions keep.
local function out(...) io.stdout:write(table.concat({...}, " ") .. "\n") end
local id = vim.lsp.start_client({ name = "acclint", cmd = { vim.env.ACCLINT_PYTHON, "-m", "acclint.server" }, root_dir = vim.fn.getcwd() })
vim.cmd("edit train.py")
vim.lsp.buf_attach_client(0, id)
local function codes()
  local t = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(t, (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?") end
  table.sort(t); return table.concat(t, ",")
end
vim.wait(30000, function() return codes() ~= "" end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do out("diagnostic", d.lnum, d.col, d.end_lnum, d.end_col, d.user_data.lsp.code, d.message) end
vim.api.nvim_buf_set_lines(0, 8, 9, false, { "    if x > 0:  # noqa: ACC201" })
vim.wait(30000, function() return codes() == "" end, 50)
out("after adding noqa in the unsaved buffer:", "[" .. codes() .. "]")
vim.api.nvim_buf_set_lines(0, 8, 9, false, { "    if x > 0:" })
vim.wait(30000, function() return codes() == "ACC201" end, 50)
out("after removing it:", "[" .. codes() .. "]")
vim.api.nvim_win_set_cursor(0, { 9, 4 })
local params = vim.lsp.util.make_range_params()
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0) }
local result = vim.lsp.buf_request_sync(0, "textDocument/codeAction", params, 20000)
local chosen
for _, r in pairs(result or {}) do
  for _, a in ipairs(r.result or {}) do
    out("action", a.kind, a.title, tostring(a.isPreferred))
    if a.isPreferred then chosen = a end
  end
end
vim.lsp.util.apply_workspace_edit(chosen.edit, "utf-16")
vim.wait(30000, function() return codes() == "" end, 50)
out("after the preferred quick fix:", "[" .. codes() .. "]")
out(table.concat(vim.api.nvim_buf_get_lines(0, 6, 11, false), "\n"))
vim.lsp.stop_client(id)
vim.wait(3000, function() return vim.lsp.client_is_stopped(id) end, 50)
vim.cmd("qa!")
