//! Codex's `config.toml`, as `todo setup codex` edits it: the MCP server
//! (`[mcp_servers.todo]`) and the agent's identity in the environment of
//! its shell (`shell_environment_policy.set`). Edited with `toml_edit`, so
//! the person's comments, order and layout stay as they were.

use toml_edit::{DocumentMut, InlineTable, Item, Table, TableLike, value};

use super::json::broken;
use crate::error::Result;

/// The keys setup writes under, each of which must be a table when it is
/// there.
const TABLES: [&[&str]; 3] = [
    &["mcp_servers"],
    &["shell_environment_policy"],
    &["shell_environment_policy", "set"],
];

/// The document of a file's `bytes` (`None`: there is none), checked to be
/// TOML whose tables setup writes under are tables.
pub(super) fn parse(bytes: Option<&[u8]>, shown: &str) -> Result<DocumentMut> {
    let Some(bytes) = bytes else {
        return Ok(DocumentMut::new());
    };
    let text = std::str::from_utf8(bytes).map_err(|_| broken(shown, "it is not UTF-8 text"))?;
    let doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let e = e.to_string();
        let first = e.lines().next().unwrap_or("").trim().to_string();
        broken(shown, &format!("it is not valid TOML ({first})"))
    })?;
    for path in TABLES {
        let mut item = doc.as_item();
        for (i, key) in path.iter().enumerate() {
            match item.get(key) {
                None => break,
                Some(found) if found.is_table_like() => item = found,
                Some(_) => {
                    let name = path[..=i].join(".");
                    return Err(broken(shown, &format!("its \"{name}\" is not a table")));
                }
            }
        }
    }
    Ok(doc)
}

/// `TODO_AGENT = "codex"` in `shell_environment_policy.set`?
pub(super) fn has_identity(doc: &DocumentMut, agent: &str) -> bool {
    doc.get("shell_environment_policy")
        .and_then(|p| p.get("set"))
        .and_then(|s| s.get(crate::agent::identity::VARIABLE))
        .and_then(Item::as_str)
        == Some(agent)
}

pub(super) fn add_identity(doc: &mut DocumentMut, agent: &str) {
    let policy = doc
        .entry("shell_environment_policy")
        .or_insert_with(|| Item::Table(Table::new()));
    let Some(policy) = policy.as_table_like_mut() else {
        return;
    };
    let set = policy
        .entry("set")
        .or_insert_with(|| value(InlineTable::new()));
    if let Some(set) = set.as_table_like_mut() {
        set.insert(crate::agent::identity::VARIABLE, value(agent));
    }
}

/// Take out the identity setup wrote (`agent`'s), and the tables only it
/// filled; whether it was there.
pub(super) fn remove_identity(doc: &mut DocumentMut, agent: &str) -> bool {
    if !has_identity(doc, agent) {
        return false;
    }
    let Some(policy) = table_mut(doc.as_item_mut(), "shell_environment_policy") else {
        return false;
    };
    if let Some(set) = table_mut_in(policy, "set") {
        set.remove(crate::agent::identity::VARIABLE);
        if set.is_empty() {
            policy.remove("set");
        }
    }
    if policy.is_empty() {
        doc.remove("shell_environment_policy");
    }
    true
}

/// The MCP server named `todo`: `Some(true)` when it runs todo's server,
/// `Some(false)` when it is another program, `None` when there is none.
pub(super) fn mcp_server(doc: &DocumentMut) -> Option<bool> {
    let server = doc.get("mcp_servers")?.get("todo")?;
    let command = server.get("command").and_then(Item::as_str).unwrap_or("");
    Some(super::runs_todo_mcp(command, |i| {
        server
            .get("args")
            .and_then(Item::as_array)
            .and_then(|a| a.get(i))
            .and_then(|v| v.as_str())
            .map(str::to_string)
    }))
}

pub(super) fn add_mcp(doc: &mut DocumentMut) {
    let servers = doc.entry("mcp_servers").or_insert_with(|| {
        let mut t = Table::new();
        // No empty `[mcp_servers]` header: `[mcp_servers.todo]` says it.
        t.set_implicit(true);
        Item::Table(t)
    });
    let Some(servers) = servers.as_table_like_mut() else {
        return;
    };
    let mut server = Table::new();
    server.insert("command", value("todo"));
    let mut args = toml_edit::Array::new();
    args.push("mcp");
    server.insert("args", value(args));
    servers.insert("todo", Item::Table(server));
}

/// Take out todo's MCP server (only if it is todo's), and `mcp_servers`
/// if only it was there; whether it was.
pub(super) fn remove_mcp(doc: &mut DocumentMut) -> bool {
    if mcp_server(doc) != Some(true) {
        return false;
    }
    if let Some(servers) = table_mut(doc.as_item_mut(), "mcp_servers") {
        servers.remove("todo");
        if servers.is_empty() {
            doc.remove("mcp_servers");
        }
    }
    true
}

/// Is nothing left in the document but comments and blank lines?
pub(super) fn is_empty(doc: &DocumentMut) -> bool {
    doc.is_empty() && doc.to_string().lines().all(|l| l.trim().is_empty())
}

fn table_mut<'a>(item: &'a mut Item, key: &str) -> Option<&'a mut dyn TableLike> {
    item.get_mut(key)?.as_table_like_mut()
}

fn table_mut_in<'a>(table: &'a mut dyn TableLike, key: &str) -> Option<&'a mut dyn TableLike> {
    table.get_mut(key)?.as_table_like_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_layout_are_kept_and_removal_takes_out_only_todos() {
        let text = "# my settings\nmodel = \"gpt-5.5\" # the model\n\n[shell_environment_policy]\ninherit = \"core\"\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n";
        let mut doc = parse(Some(text.as_bytes()), "c").unwrap();
        assert!(!has_identity(&doc, "codex"));
        assert_eq!(mcp_server(&doc), None);
        add_identity(&mut doc, "codex");
        add_mcp(&mut doc);
        let added = doc.to_string();
        assert!(
            added.starts_with("# my settings\nmodel = \"gpt-5.5\" # the model\n"),
            "{added}"
        );
        assert!(
            added.contains("set = { TODO_AGENT = \"codex\" }"),
            "{added}"
        );
        assert!(
            added.contains("[mcp_servers.todo]\ncommand = \"todo\"\nargs = [\"mcp\"]"),
            "{added}"
        );
        let mut doc = parse(Some(added.as_bytes()), "c").unwrap();
        assert!(has_identity(&doc, "codex"));
        assert_eq!(mcp_server(&doc), Some(true));
        assert!(remove_identity(&mut doc, "codex"));
        assert!(remove_mcp(&mut doc));
        assert_eq!(doc.to_string(), text);
    }

    #[test]
    fn a_new_file_gets_both_and_loses_both() {
        let mut doc = parse(None, "c").unwrap();
        add_mcp(&mut doc);
        add_identity(&mut doc, "codex");
        let text = doc.to_string();
        let mut doc = parse(Some(text.as_bytes()), "c").unwrap();
        assert!(remove_mcp(&mut doc) && remove_identity(&mut doc, "codex"));
        assert!(is_empty(&doc), "{doc}");
    }

    #[test]
    fn a_key_of_another_type_is_refused() {
        assert!(parse(Some(b"mcp_servers = 3\n"), "c").is_err());
        assert!(parse(Some(b"[shell_environment_policy]\nset = \"x\"\n"), "c").is_err());
        assert!(parse(Some(b"[broken\n"), "c").is_err());
    }
}
