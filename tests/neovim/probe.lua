-- Run by tests/cli/lsp_neovim.rs inside `nvim --headless -u editors/neovim/jaque.lua`, with the
-- PGN (or query file) with errors as the current buffer. Writes one JSON object a line to
-- $JAQUE_PROBE_OUT: the diagnostics Neovim holds for that buffer (once it holds
-- $JAQUE_PROBE_DIAGNOSTICS of them, 2 if unset), then the hover text at
-- $JAQUE_HOVER_LINE:$JAQUE_HOVER_CHARACTER (0-based) of $JAQUE_HOVER_FILE; then quits.
-- Every wait is bounded: a timeout is written as an "error" line, never a hang.

local out = {}
local function emit(value)
  table.insert(out, vim.fn.json_encode(value))
end

local function probe()
  local least = tonumber(vim.env.JAQUE_PROBE_DIAGNOSTICS or "2")
  local ok = vim.wait(10000, function()
    return #vim.diagnostic.get(0) >= least
  end, 50)
  if not ok then
    emit({ kind = "error", message = "no diagnostics within 10 s" })
  end
  for _, d in ipairs(vim.diagnostic.get(0)) do
    emit({
      kind = "diagnostic",
      lnum = d.lnum,
      col = d.col,
      end_col = d.end_col,
      severity = d.severity,
      message = d.message,
      code = d.code,
      source = d.source,
    })
  end

  vim.cmd("edit " .. vim.fn.fnameescape(vim.env.JAQUE_HOVER_FILE))
  local buf = vim.api.nvim_get_current_buf()
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = {
      line = tonumber(vim.env.JAQUE_HOVER_LINE),
      character = tonumber(vim.env.JAQUE_HOVER_CHARACTER),
    },
  }
  -- `buf_get_clients` is deprecated from Neovim 0.10, which has `get_clients`.
  local function clients()
    if vim.lsp.get_clients then
      return vim.lsp.get_clients({ bufnr = buf })
    end
    return vim.lsp.buf_get_clients(buf)
  end
  local hover
  ok = vim.wait(10000, function()
    if #clients() == 0 then
      return false
    end
    local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 5000) or {}
    for _, answer in pairs(answers) do
      if answer.result and answer.result.contents then
        hover = answer.result.contents
        return true
      end
    end
    return false
  end, 100)
  if not ok then
    emit({ kind = "error", message = "no hover within 10 s" })
  elseif type(hover) == "table" and hover.value then
    emit({ kind = "hover", value = hover.value })
  else
    emit({ kind = "hover", value = vim.inspect(hover) })
  end
end

local ok, err = pcall(probe)
if not ok then
  emit({ kind = "error", message = tostring(err) })
end
vim.fn.writefile(out, vim.env.JAQUE_PROBE_OUT)
vim.cmd("qa!")
