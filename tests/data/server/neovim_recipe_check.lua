-- Drives a headless Neovim whose init.lua is a recipe of docs/editors.md (tests/test_neovim_recipes.py):
-- open train.py, wait for acclint's diagnostics, edit the buffer, save it, and print what happened.
local function out(...) io.stdout:write(table.concat({...}, " ") .. "\n") end
local function codes()
  local t = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == "acclint" then table.insert(t, (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or tostring(d.code)) end
  end
  table.sort(t); return table.concat(t, ",")
end
vim.cmd("edit train.py")
out("filetype", vim.bo.filetype)
vim.wait(30000, function() return codes() ~= "" end, 50)
out("diagnostics", "[" .. codes() .. "]")
-- an unsaved edit right before the save: the fix must see it
vim.api.nvim_buf_set_lines(0, 0, 0, false, { "# edited" })
vim.cmd("write")
out("modified after write", tostring(vim.bo.modified))
vim.wait(30000, function() return codes() == "" end, 50)
out("diagnostics after write", "[" .. codes() .. "]")
vim.cmd("qa!")
