-- jaque's language server (`jaque lsp`) for PGN and query (.chq) files in Neovim's built-in
-- LSP client.
-- Works on Neovim 0.7 (Debian's package) and newer: `vim.lsp.start` exists only from 0.8,
-- so 0.7 starts one client with `vim.lsp.start_client` and attaches each PGN buffer to it.
-- Use it as an init file (`nvim -u jaque.lua game.pgn`) or `dofile` it from yours.

vim.filetype.add({ extension = { pgn = "pgn", chq = "chq" } })
if vim.fn.has("nvim-0.8") == 0 then
  -- On 0.7 the Lua filetype table is read only with `g:do_filetype_lua`; say it here too.
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    pattern = "*.pgn",
    command = "setfiletype pgn",
  })
  vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
    pattern = "*.chq",
    command = "setfiletype chq",
  })
end

local function config(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  local dir = vim.fn.fnamemodify(name, ":p:h")
  -- The root: the nearest directory with a jaque.toml (its [lints]), else the file's own.
  local toml = vim.fn.findfile("jaque.toml", dir .. ";")
  local root = toml ~= "" and vim.fn.fnamemodify(toml, ":p:h") or dir
  return { name = "jaque", cmd = { "jaque", "lsp" }, root_dir = root }
end

local client_id -- Neovim 0.7: the one client every PGN buffer attaches to

vim.api.nvim_create_autocmd("FileType", {
  pattern = { "pgn", "chq" },
  callback = function(args)
    if vim.lsp.start then
      vim.lsp.start(config(args.buf), { bufnr = args.buf })
      return
    end
    local client = client_id and vim.lsp.get_client_by_id(client_id)
    if not client or client.is_stopped() then
      client_id = vim.lsp.start_client(config(args.buf))
    end
    if client_id then
      vim.lsp.buf_attach_client(args.buf, client_id)
    end
  end,
})
