//! The plan file format: reading with exact error positions, writing in
//! version 2's layout (README.md, "The file format"; version 1 is still
//! read). The layout is for git's line merge: two branches that change, add
//! or remove different items never touch neighbouring lines, and a removed
//! task's tombstone stays [`TOMB_DAYS`] days so that removing neighbours, or
//! a phase's last task while the other branch appends to it, merges too.
//!
//! Each object is read by serde's derive for the fields this version
//! knows (`FileItem`), while `Fields` keeps every other field as written
//! and refuses a key given twice. The layout is written by hand: it is a
//! layout, not a serialization.

use std::fmt::{self, Write as _};
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, Error as _, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use strum::VariantNames;

use super::{
    Actor, Checks, Finding, Objective, ObjectiveStatus, Phase, Plan, Proof, Status, Task, TaskCheck,
};

mod fast;

/// The version of the file format this build writes (it reads 1 and 2).
pub const VERSION: u64 = 2;

/// How long a removed task's tombstone stays in the file: long enough for
/// the branches of the time to merge, short enough not to pile up.
pub const TOMB_DAYS: u64 = 30;

#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl From<serde_json::Error> for SyntaxError {
    fn from(err: serde_json::Error) -> Self {
        let text = err.to_string();
        // serde_json appends " at line L column C"; we report the place separately.
        let message = match text.rfind(" at line ") {
            Some(cut) if err.line() > 0 => text[..cut].to_string(),
            _ => text,
        };
        SyntaxError {
            line: err.line(),
            column: err.column(),
            message,
        }
    }
}

/// Parse a plan file. An unknown `version` or status is an error at the
/// position where the offending value starts. What a line merge can leave
/// and no verb makes (an id twice, several tasks in progress) is read and
/// settled ([`Plan::settle_merge`]), with a note of what was settled.
pub fn parse(text: &str) -> Result<Plan, SyntaxError> {
    let mut plan = read(text)?;
    plan.settle_merge();
    Ok(plan)
}

/// [`parse`] for one side rebuilt from conflict markers: ids are settled,
/// tasks in progress are not ([`Plan::settle_ids`]).
pub(crate) fn parse_side(text: &str) -> Result<Plan, SyntaxError> {
    let mut plan = read(text)?;
    plan.settle_ids();
    Ok(plan)
}

/// The plan in `text`: the file as todo writes it by the fast reader,
/// anything else (and every error) by serde's.
fn read(text: &str) -> Result<Plan, SyntaxError> {
    fast::read(text).map_or_else(|| read_full(text), Ok)
}

fn read_full(text: &str) -> Result<Plan, SyntaxError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let read = Obj::<Plan>::deserialize(&mut de).and_then(|plan| de.end().map(|()| plan));
    read.map(|plan| plan.0.unwrap_or_default()).map_err(|err| {
        let semantic = err.classify() == serde_json::error::Category::Data;
        let mut e = SyntaxError::from(err);
        e.column = char_column(text, e.line, e.column);
        if semantic {
            e.column = value_start(text, e.line, e.column);
        }
        e.column = e.column.max(1);
        e
    })
}

fn nth_line(text: &str, line: usize) -> Option<&str> {
    text.split('\n').nth(line.checked_sub(1)?)
}

/// serde_json counts columns in bytes; people (and editors) count
/// characters. The character column of the `byte_column`th byte of `line`,
/// so that `é` or `🔑` before a problem counts as one column, not two or four.
/// Every `line:column` todo reports goes through here or [`utf8`].
pub(super) fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    match nth_line(text, line) {
        // A column past the end of the line (end of input) stays past it.
        Some(l) => {
            let within = l.char_indices().take_while(|(i, _)| *i < byte_column);
            within.count() + byte_column.saturating_sub(l.len())
        }
        None => byte_column,
    }
}

/// The bytes of a plan file as text, or where (in lines and characters)
/// the first byte that is not UTF-8 is.
pub fn utf8(bytes: &[u8]) -> Result<&str, SyntaxError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let before = &bytes[..e.valid_up_to()];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        // Everything before the bad byte is valid, so this cannot fail.
        let column = std::str::from_utf8(&before[line_start..]).map_or(0, |l| l.chars().count());
        SyntaxError {
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            column: column + 1,
            message: "not valid UTF-8".to_string(),
        }
    })
}

/// serde_json reports data errors at the last character of the value; walk
/// back to where the value starts, which is where a person should look.
fn value_start(text: &str, line: usize, column: usize) -> usize {
    let Some(l) = nth_line(text, line) else {
        return column;
    };
    let chars: Vec<char> = l.trim_end_matches('\r').chars().collect();
    let mut end = column.min(chars.len());
    while end > 0 && matches!(chars[end - 1], ' ' | '\t' | ',' | '}' | ']') {
        end -= 1;
    }
    if end == 0 {
        return column;
    }
    let mut i = end - 1;
    if chars[i] == '"' {
        // Find the opening quote, skipping escaped ones.
        while i > 0 {
            i -= 1;
            if chars[i] == '"' {
                let slashes = chars[..i].iter().rev().take_while(|&&c| c == '\\').count();
                if slashes % 2 == 0 {
                    return i + 1;
                }
            }
        }
        return column;
    }
    while i > 0 && (chars[i - 1].is_ascii_alphanumeric() || matches!(chars[i - 1], '.' | '-' | '+'))
    {
        i -= 1;
    }
    i + 1
}

/// What the file holds of one kind of object: a derived struct of the
/// fields this version knows, made into the model's item once the object
/// is read, with its other fields. `None` for an item readers skip (a
/// removed task's tombstone).
pub(super) trait FileItem: Sized {
    type Out;
    /// What a value in its place should have been, for messages.
    const NOUN: &'static str;
    const LIST: &'static str = "an array";
    fn finish(self, extra: Map<String, Value>) -> Result<Option<Self::Out>, String>;
}

/// An object read by the derived `S` for the fields it names, every other
/// field kept as written (see [`Exact`]); a key given twice would let the
/// last value win and drop the first on the next write, so it is refused,
/// at the second one.
struct Obj<S: FileItem>(Option<S::Out>);

impl<'de, S: FileItem + Deserialize<'de>> Deserialize<'de> for Obj<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(ObjVisitor(PhantomData))
    }
}

struct ObjVisitor<S>(PhantomData<S>);

impl<'de, S: FileItem + Deserialize<'de>> Visitor<'de> for ObjVisitor<S> {
    type Value = Obj<S>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(S::NOUN)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Obj<S>, A::Error> {
        let mut extra = Map::new();
        let fields = Fields {
            map,
            names: &[],
            seen: 0,
            extra: &mut extra,
        };
        let known = S::deserialize(fields)?;
        known.finish(extra).map(Obj).map_err(A::Error::custom)
    }
}

/// An array of [`Obj`]s, without the skipped ones.
struct ItemList<S: FileItem>(Vec<S::Out>);

impl<'de, S: FileItem + Deserialize<'de>> Deserialize<'de> for ItemList<S> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(ItemListVisitor(PhantomData))
    }
}

struct ItemListVisitor<S>(PhantomData<S>);

impl<'de, S: FileItem + Deserialize<'de>> Visitor<'de> for ItemListVisitor<S> {
    type Value = ItemList<S>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(S::LIST)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<ItemList<S>, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element::<Obj<S>>()? {
            out.extend(item.0);
        }
        Ok(ItemList(out))
    }
}

/// One object's fields as the derived struct sees them: only the names it
/// knows (`names`, which its derive hands over); the rest go to `extra`.
struct Fields<'a, A> {
    map: A,
    names: &'static [&'static str],
    /// A bit per name of `names` already given.
    seen: u64,
    extra: &'a mut Map<String, Value>,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Fields<'_, A> {
    type Error = A::Error;
    fn deserialize_struct<V: Visitor<'de>>(
        mut self,
        _: &'static str,
        names: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.names = names;
        visitor.visit_map(self)
    }
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_map(self)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Fields<'_, A> {
    type Error = A::Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        let twice = |key: &str| A::Error::custom(format!("duplicate key \"{key}\""));
        while let Some(key) = self.map.next_key_seed(Name(self.names))? {
            match key {
                Ok(i) => {
                    let bit = 1u64.checked_shl(i as u32).unwrap_or(0);
                    if self.seen & bit != 0 {
                        return Err(twice(self.names[i]));
                    }
                    self.seen |= bit;
                    let name = de::value::StrDeserializer::<A::Error>::new(self.names[i]);
                    return seed.deserialize(name).map(Some);
                }
                Err(other) => {
                    if self.extra.contains_key(&other) {
                        return Err(twice(&other));
                    }
                    let value = self.map.next_value_seed(Exact)?;
                    self.extra.insert(other, value);
                }
            }
        }
        Ok(None)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// A key: the index of one of the names known, or the other name itself
/// (a known one costs no allocation).
struct Name(&'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Name {
    type Value = Result<usize, String>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for Name {
    type Value = Result<usize, String>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self
            .0
            .iter()
            .position(|n| *n == v)
            .ok_or_else(|| v.to_string()))
    }
}

/// A word of a fixed set (a status, an actor), read without allocating:
/// how to read it and what it is; the words are the enum's names.
struct WordOf<T>(fn(&str) -> Option<T>, &'static str);

impl<T: VariantNames> Visitor<'_> for WordOf<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(if self.1 == "status" {
            "a status string"
        } else {
            "a string"
        })
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        let WordOf(parse, what) = self;
        parse(v).ok_or_else(|| {
            let (last, rest) = T::VARIANTS.split_last().unwrap_or((&"", &[]));
            let expected = format!("{} or {last}", rest.join(", "));
            E::custom(format!("unknown {what} \"{v}\" (expected {expected})"))
        })
    }
}

fn status<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Status>, D::Error> {
    d.deserialize_str(WordOf(Status::parse, "status")).map(Some)
}

pub(super) fn objective_status<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<ObjectiveStatus, D::Error> {
    d.deserialize_str(WordOf(ObjectiveStatus::parse, "objective status"))
}

pub(super) fn actor<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Actor>, D::Error> {
    d.deserialize_str(WordOf(Actor::parse, "actor")).map(Some)
}

fn claimed_by<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Actor>, D::Error> {
    d.deserialize_str(WordOf(Actor::parse, "claimedBy"))
        .map(Some)
}

fn checks<'de, D: Deserializer<'de>>(d: D) -> Result<Checks, D::Error> {
    d.deserialize_str(WordOf(Checks::parse, "checks"))
}

/// A field that may be missing but, when given, is a `T` (not `null`).
fn some<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A list of strings, `null` for none.
fn strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Option::<Vec<String>>::deserialize(d).map(Option::unwrap_or_default)
}

fn exact<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Exact.deserialize(d).map(Some)
}

const ID_MAX: usize = 64;

fn valid_id(id: &str) -> bool {
    (1..=ID_MAX).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// An id is a short word of ASCII letters, digits, `-`, `_` and `.`
/// (`t7`, or another tool's `task-7`): ids are printed bare — in messages,
/// in what hooks tell an agent — so one from a hostile file must not carry
/// a line break, a terminal escape or markup.
pub(super) fn id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let id = String::deserialize(d)?;
    if !valid_id(&id) {
        return Err(D::Error::custom(format!(
            "id {id:?} is not one: an id is 1 to {ID_MAX} ASCII letters, digits, '-', '_' or '.'"
        )));
    }
    Ok(id)
}

pub(super) fn version<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let v = Value::deserialize(d)?;
    match v.as_u64() {
        Some(n @ 1..=VERSION) => Ok(n),
        _ => Err(D::Error::custom(format!(
            "unknown version {v} (this todo {} reads versions 1 and {VERSION}; a newer todo may read it)",
            env!("CARGO_PKG_VERSION")
        ))),
    }
}

/// The model's items: derived in `super`, with `extra` skipped, and
/// given their other fields here.
macro_rules! keeps_extra {
    ($($item:ty: $noun:literal, $list:literal;)*) => {$(
        impl FileItem for $item {
            type Out = $item;
            const NOUN: &'static str = $noun;
            const LIST: &'static str = $list;
            fn finish(mut self, extra: Map<String, Value>) -> Result<Option<$item>, String> {
                self.extra = extra;
                Ok(Some(self))
            }
        }
    )*};
}

keeps_extra! {
    Phase: "a phase object", "an array of phases";
    Objective: "an objective object", "an array of objectives";
    Finding: "a finding object", "an array of findings";
}

impl FileItem for Plan {
    type Out = Plan;
    const NOUN: &'static str = "a todo plan object";
    fn finish(mut self, mut extra: Map<String, Value>) -> Result<Option<Plan>, String> {
        // Version 1 kept id counters in the file; none are needed.
        for counter in [
            "nextPhaseId",
            "nextTaskId",
            "nextObjectiveId",
            "nextFindingId",
        ] {
            extra.shift_remove(counter);
        }
        self.extra = extra;
        Ok(Some(self))
    }
}

pub(super) fn items<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FileItem<Out = T> + Deserialize<'de>,
{
    ItemList::<T>::deserialize(d).map(|list| list.0)
}

/// A phase's tasks, without the tombstones.
pub(super) fn tasks<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Task>, D::Error> {
    ItemList::<TaskIn>::deserialize(d).map(|list| list.0)
}

/// A task as the file holds it: a tombstone, or a task whose check is
/// spread over three fields.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct TaskIn {
    #[serde(deserialize_with = "id")]
    id: String,
    #[serde(default, deserialize_with = "some")]
    content: Option<String>,
    #[serde(default, deserialize_with = "status")]
    status: Option<Status>,
    blocker: Option<String>,
    dropped_by: Option<String>,
    #[serde(default, deserialize_with = "actor")]
    by: Option<Actor>,
    at: Option<String>,
    #[serde(default, deserialize_with = "checks")]
    checks: Checks,
    #[serde(default)]
    unlocked: bool,
    #[serde(default, deserialize_with = "strings")]
    needs: Vec<String>,
    owner: Option<String>,
    #[serde(default, deserialize_with = "claimed_by")]
    claimed_by: Option<Actor>,
    /// The check: `verify` (the command), `verifyTimeout` (seconds) and
    /// `proof`, in any order.
    #[serde(default, deserialize_with = "some")]
    verify: Option<String>,
    #[serde(default, deserialize_with = "exact")]
    verify_timeout: Option<Value>,
    #[serde(default, deserialize_with = "exact")]
    proof: Option<Value>,
    /// Set on a tombstone (see the module's notes), which readers skip.
    #[serde(default, deserialize_with = "some")]
    removed: Option<String>,
    #[serde(default, deserialize_with = "strings")]
    notes: Vec<String>,
}

impl FileItem for TaskIn {
    type Out = Task;
    const NOUN: &'static str = "a task object";
    const LIST: &'static str = "an array of tasks";
    fn finish(self, extra: Map<String, Value>) -> Result<Option<Task>, String> {
        if self.removed.is_some() {
            return Ok(None);
        }
        let missing = |field| format!("missing field `{field}`");
        let mut task = Task {
            id: self.id,
            content: self.content.ok_or_else(|| missing("content"))?,
            status: self.status.ok_or_else(|| missing("status"))?,
            blocker: self.blocker,
            dropped_by: self.dropped_by,
            notes: self.notes,
            by: self.by,
            at: self.at,
            checks: self.checks,
            unlocked: self.unlocked,
            verify: None,
            needs: self.needs,
            owner: self.owner.filter(|o| !o.trim().is_empty()),
            claimed_by: self.claimed_by,
            extra: extra.into(),
        };
        // A check command, timeout or proof this version cannot read (or
        // a timeout or proof without a command) is kept as written, as
        // unknown fields are.
        let mut check = self
            .verify
            .as_deref()
            .and_then(super::clean_command)
            .map(|command| TaskCheck {
                command,
                timeout: None,
                proof: None,
            });
        if let (Some(c), None) = (self.verify, &check) {
            task.extra.insert("verify".into(), c.into());
        }
        if let Some(v) = self.verify_timeout {
            match (v.as_u64().filter(|n| *n > 0), &mut check) {
                (Some(n), Some(check)) => check.timeout = Some(n),
                _ => {
                    task.extra.insert("verifyTimeout".into(), v);
                }
            }
        }
        if let Some(v) = self.proof {
            match (proof_from_value(&v), &mut check) {
                (Some(p), Some(check)) => check.proof = Some(p),
                _ => {
                    task.extra.insert("proof".into(), v);
                }
            }
        }
        task.verify = check.map(Box::new);
        Ok(Some(task))
    }
}

/// A proof as the file holds it: `{"command": …, "exit": 0, "ms": 812,
/// "at": …, "commit": …}`, or `"unverified": true` in place of `exit`
/// and `ms` when a person skipped the check.
pub fn proof_to_value(p: &Proof) -> Value {
    let mut v = Value::Object(Map::new());
    v["command"] = p.command.as_str().into();
    match p.exit {
        Some(code) => {
            v["exit"] = code.into();
            v["ms"] = p.ms.into();
        }
        None => v["unverified"] = true.into(),
    }
    v["at"] = p.at.as_str().into();
    if let Some(c) = &p.commit {
        v["commit"] = c.as_str().into();
    }
    v
}

/// Read [`proof_to_value`]'s shape; `None` when it is not that.
pub fn proof_from_value(v: &Value) -> Option<Proof> {
    let o = v.as_object()?;
    let command = o.get("command")?.as_str()?.to_string();
    let at = o.get("at")?.as_str()?.to_string();
    let commit = match o.get("commit") {
        None => None,
        Some(c) => Some(c.as_str()?.to_string()),
    };
    let (exit, ms) = if o.get("unverified").and_then(Value::as_bool) == Some(true) {
        (None, 0)
    } else {
        let exit = i32::try_from(o.get("exit")?.as_i64()?).ok()?;
        (Some(exit), o.get("ms")?.as_u64()?)
    };
    Some(Proof {
        command,
        exit,
        ms,
        at,
        commit,
    })
}

/// An unknown field's value, kept exactly as written: numbers keep their
/// text (`118446744073709551616`, `-0`, `1e2`, `1.50`), which serde_json
/// would turn into floats (or, with `arbitrary_precision`, still rewrite
/// exponents). Read as raw text, then built into a [`Value`] whose numbers
/// hold that text.
struct Exact;

impl<'de> DeserializeSeed<'de> for Exact {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        read_exact(raw.get()).map_err(D::Error::custom)
    }
}

/// [`Exact`]'s reading of JSON text serde_json has checked: containers
/// item by item, numbers as their text, the rest as serde_json reads it.
fn read_exact(raw: &str) -> serde_json::Result<Value> {
    Ok(match raw.as_bytes().first() {
        Some(b'{') => Value::Object(
            serde_json::from_str::<Pairs>(raw)?
                .0
                .into_iter()
                .map(|(k, v)| Ok((k, read_exact(v.get())?)))
                .collect::<serde_json::Result<_>>()?,
        ),
        Some(b'[') => Value::Array(
            serde_json::from_str::<Vec<&RawValue>>(raw)?
                .into_iter()
                .map(|v| read_exact(v.get()))
                .collect::<serde_json::Result<_>>()?,
        ),
        Some(b'-' | b'0'..=b'9') => {
            Value::Number(serde_json::Number::from_string_unchecked(raw.to_string()))
        }
        _ => serde_json::from_str(raw)?,
    })
}

/// An object's fields in order, their values unread.
struct Pairs<'a>(Vec<(String, &'a RawValue)>);

impl<'de> Deserialize<'de> for Pairs<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Pairs<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs<'de>, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Pairs(pairs))
            }
        }
        d.deserialize_map(V)
    }
}

/// `out` as an `io::Write`, so that serde_json writes into it directly
/// (what serde_json writes is whole UTF-8).
struct StringWriter<'a>(&'a mut String);

impl std::io::Write for StringWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .push_str(std::str::from_utf8(buf).map_err(std::io::Error::other)?);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A value (a string literal, an unknown field) as serde_json writes it.
fn compact<T: serde::Serialize + ?Sized>(out: &mut String, v: &T) {
    if serde_json::to_writer(StringWriter(out), v).is_err() {
        out.push_str("null");
    }
}

/// A string literal. Nearly every string needs no escape, and is copied
/// as it is (this runs for every string of every task).
fn string(out: &mut String, s: &str) {
    if any_byte(s.as_bytes(), |b| b < 0x20 || b == b'"' || b == b'\\') {
        compact(out, s);
    } else {
        out.push('"');
        out.push_str(s);
        out.push('"');
    }
}

/// Whether any of `bytes` is a `hit`. Sixteen bytes at a time with no
/// early exit inside a chunk, which the compiler turns into vector
/// compares: a byte-by-byte `any` was a tenth of `todo done`'s
/// instructions on a 1,000-task plan (this is 3x fewer). Every string of
/// every task goes through here when the plan is read and written.
fn any_byte(bytes: &[u8], hit: impl Fn(u8) -> bool) -> bool {
    let mut chunks = bytes.chunks_exact(16);
    chunks
        .by_ref()
        .any(|chunk| chunk.iter().fold(0, |any, &b| any | u8::from(hit(b))) != 0)
        || chunks.remainder().iter().any(|&b| hit(b))
}

/// A value written pretty at the given indent (for unknown top-level fields).
fn pretty(out: &mut String, v: &Value, indent: &str) {
    let text = serde_json::to_string_pretty(v).unwrap_or_else(|_| "null".into());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(indent);
        }
        out.push_str(line);
    }
}

/// `, "key": "value"`, when there is a value.
fn field(out: &mut String, key: &str, value: Option<&str>) {
    if let Some(v) = value {
        out.push_str(", \"");
        out.push_str(key);
        out.push_str("\": ");
        string(out, v);
    }
}

/// `, "key": ["a", "b"]`, unless there are none.
fn strings_field(out: &mut String, key: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    out.push_str(", \"");
    out.push_str(key);
    out.push_str("\": [");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        string(out, item);
    }
    out.push(']');
}

/// `, "key": value` for each unknown field, in the order read.
fn extra_fields(out: &mut String, extra: &Map<String, Value>) {
    for (k, v) in extra {
        out.push_str(", ");
        string(out, k);
        out.push_str(": ");
        compact(out, v);
    }
}

/// One item on one line: `{ "id": "t1", <fields> }`.
fn line(out: &mut String, id: &str, fields: impl FnOnce(&mut String)) {
    out.push_str("{ \"id\": ");
    string(out, id);
    out.push_str(", ");
    fields(out);
    out.push_str(" }");
}

/// One task on one line: `{ "id": "t1", "content": "…", "status": "…" }`.
pub fn write_task(out: &mut String, task: &Task) {
    write_task_as(out, task, &StatusFields::of(task));
}

/// A task's status and what goes with it: who set it, when, and why;
/// borrowed (`S` = `&str`) to write, owned (`S` = `String`, `tx::Marks`)
/// to keep.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StatusFields<S> {
    pub status: Status,
    pub blocker: Option<S>,
    pub dropped_by: Option<S>,
    pub by: Option<Actor>,
    pub at: Option<S>,
}

impl<'a, S: From<&'a str>> StatusFields<S> {
    pub(crate) fn of(task: &'a Task) -> Self {
        let text = |s: &'a Option<String>| s.as_deref().map(S::from);
        StatusFields {
            status: task.status,
            blocker: text(&task.blocker),
            dropped_by: text(&task.dropped_by),
            by: task.by,
            at: text(&task.at),
        }
    }
}

impl StatusFields<String> {
    /// As the plan file writes them ([`write_task_as`]).
    pub(crate) fn fields(&self) -> StatusFields<&str> {
        StatusFields {
            status: self.status,
            blocker: self.blocker.as_deref(),
            dropped_by: self.dropped_by.as_deref(),
            by: self.by,
            at: self.at.as_deref(),
        }
    }
}

/// [`write_task`], with these status fields instead of the task's own.
pub fn write_task_as(out: &mut String, task: &Task, fields: &StatusFields<&str>) {
    line(out, &task.id, |out| task_fields(out, task, fields));
}

/// A task's fields after its id: `"content": …, "status": …` and the rest.
fn task_fields(out: &mut String, task: &Task, fields: &StatusFields<&str>) {
    out.push_str("\"content\": ");
    string(out, &task.content);
    field(out, "status", Some(fields.status.as_str()));
    field(out, "blocker", fields.blocker);
    field(out, "droppedBy", fields.dropped_by);
    field(out, "by", fields.by.map(Actor::as_str));
    field(out, "at", fields.at);
    let checks = (task.checks != Checks::Anyone).then(|| task.checks.as_str());
    field(out, "checks", checks);
    if task.unlocked {
        out.push_str(", \"unlocked\": true");
    }
    strings_field(out, "needs", &task.needs);
    field(out, "owner", task.owner.as_deref());
    let claimed_by = task.owner.as_ref().and(task.claimed_by);
    field(out, "claimedBy", claimed_by.map(Actor::as_str));
    if let Some(v) = task.verify.as_deref() {
        field(out, "verify", Some(&v.command));
        if let Some(t) = v.timeout {
            let _ = write!(out, ", \"verifyTimeout\": {t}");
        }
        if let Some(p) = &v.proof {
            out.push_str(", \"proof\": ");
            compact(out, &proof_to_value(p));
        }
    }
    strings_field(out, "notes", &task.notes);
    extra_fields(out, &task.extra);
}

fn write_phase(out: &mut String, phase: &Phase, indent: &str) {
    let inner = format!("{indent}  ");
    let _ = write!(out, "{{\n{inner}\"id\": ");
    string(out, &phase.id);
    let _ = write!(out, ",\n{inner}\"name\": ");
    string(out, &phase.name);
    let _ = write!(out, ",\n{inner}\"tasks\": ");
    array(out, &inner, &phase.tasks, write_task);
    for (k, v) in &phase.extra {
        let _ = write!(out, ",\n{inner}");
        string(out, k);
        out.push_str(": ");
        pretty(out, v, &inner);
    }
    let _ = write!(out, "\n{indent}}}");
}

/// `items` as an array closing at `indent`, one a line (`[]` when none).
fn array<T>(out: &mut String, indent: &str, items: &[T], write: impl Fn(&mut String, &T)) {
    if items.is_empty() {
        out.push_str("[]");
        return;
    }
    out.push_str("[\n");
    for (i, item) in items.iter().enumerate() {
        let _ = write!(out, "{indent}  ");
        write(out, item);
        out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
    }
    out.push_str(indent);
    out.push(']');
}

/// The phases array alone (pretty, as in the plan file), for `export --format json`.
pub fn write_phases(out: &mut String, phases: &[Phase], indent: &str) {
    let inner = format!("{indent}  ");
    array(out, indent, phases, |out, phase| {
        write_phase(out, phase, &inner)
    });
}

/// One objective on one line: `{ "id": "o1", "text": "…", "status": "open" }`.
pub fn write_objective(out: &mut String, o: &Objective) {
    line(out, &o.id, |out| objective_fields(out, o));
}

fn objective_fields(out: &mut String, o: &Objective) {
    out.push_str("\"text\": ");
    string(out, &o.text);
    field(out, "status", Some(o.status.as_str()));
    field(out, "by", o.by.map(Actor::as_str));
    field(out, "at", o.at.as_deref());
    extra_fields(out, &o.extra);
}

/// One finding on one line: `{ "id": "f1", "text": "…", "by": "person", "at": "…" }`.
pub fn write_finding(out: &mut String, f: &Finding) {
    line(out, &f.id, |out| finding_fields(out, f));
}

fn finding_fields(out: &mut String, f: &Finding) {
    out.push_str("\"text\": ");
    string(out, &f.text);
    field(out, "by", f.by.map(Actor::as_str));
    field(out, "at", f.at.as_deref());
    extra_fields(out, &f.extra);
}

/// `,\n  "objectives": [...]` and `"findings"` as one-line items (for
/// `export --format json`, which writes the plan's content, not its file).
pub fn write_aims(out: &mut String, plan: &Plan) {
    fn list<T>(out: &mut String, key: &str, items: &[T], write: fn(&mut String, &T)) {
        if !items.is_empty() {
            let _ = write!(out, ",\n  \"{key}\": ");
            array(out, "  ", items, write);
        }
    }
    list(out, "objectives", &plan.objectives, write_objective);
    list(out, "findings", &plan.findings, write_finding);
}

/// One item of an array in the file's layout (see the module's notes):
/// the comma line before all but the first, the id line, the fields line,
/// a blank line.
fn unit(out: &mut String, indent: &str, first: bool, id: &str, fields: impl FnOnce(&mut String)) {
    if !first {
        out.push_str(indent);
        out.push_str(",\n");
    }
    out.push_str(indent);
    out.push_str("{ \"id\": ");
    string(out, id);
    out.push_str(",\n");
    out.push_str(indent);
    out.push_str("  ");
    fields(out);
    out.push_str(" }\n\n");
}

/// An array of objectives or findings in the file's layout, unless empty.
fn section<T>(
    out: &mut String,
    key: &str,
    items: &[T],
    id: fn(&T) -> &str,
    fields: fn(&mut String, &T),
) {
    if items.is_empty() {
        return;
    }
    let _ = write!(out, "  \"{key}\": [\n\n");
    for (i, item) in items.iter().enumerate() {
        unit(out, "    ", i == 0, id(item), |out| fields(out, item));
    }
    out.push_str("  ],\n");
}

/// One line of an item: a task, or where a task was.
enum Unit<'a> {
    Task(&'a Task),
    Tomb(&'a str, &'a str),
}

/// A phase of the old file: its id, and its task lines as `(task id,
/// Some(date) for a tombstone)`.
type OldPhase<'a> = (&'a str, Vec<(&'a str, Option<&'a str>)>);

/// Each phase's task lines in the old file, in order. Only lines in this
/// layout count; anything else (a file of version 1, or one laid out by
/// hand) has none. Read as bytes, a line at a time (`memchr`): this runs on
/// every change, over the whole file.
fn old_units(old: &[u8]) -> Vec<OldPhase<'_>> {
    const PHASE: &[u8] = b"    { \"id\": \"";
    const TASK: &[u8] = b"      { \"id\": \"";
    const TOMB: &[u8] = b"        \"removed\": \"";
    let mut phases: Vec<OldPhase<'_>> = Vec::new();
    if !old.starts_with(b"{\n  \"version\": 2,\n") {
        return phases;
    }
    // The id between `head` and `end` on `line`, if the line is that.
    fn id_of<'a>(line: &'a [u8], head: &[u8], end: &[u8]) -> Option<&'a str> {
        let id = line.strip_prefix(head)?.strip_suffix(end)?;
        if id.iter().any(|&b| b == b'"' || b == b'\\') {
            return None;
        }
        std::str::from_utf8(id).ok()
    }
    let line_at = |start: usize| -> &[u8] {
        let rest = old.get(start..).unwrap_or_default();
        &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())]
    };
    let mut start = 0;
    for end in memchr::memchr_iter(b'\n', old) {
        let line = &old[start..end];
        start = end + 1;
        if line.len() < TASK.len() || line[0] != b' ' {
            continue;
        }
        if line[4] == b'{' {
            if let Some(pid) = id_of(line, PHASE, b"\", \"tasks\": [") {
                phases.push((pid, Vec::new()));
            }
        } else if line[6] == b'{'
            && let Some(tid) = id_of(line, TASK, b"\",")
            && let Some((_, tasks)) = phases.last_mut()
        {
            let date = line_at(start)
                .strip_prefix(TOMB)
                .and_then(|l| l.strip_suffix(b"\" }"))
                .and_then(|d| std::str::from_utf8(d).ok());
            tasks.push((tid, date));
        }
    }
    phases
}

/// A phase's tasks as lines: the plan's tasks in order, with the old
/// file's tombstones where they stood and a new one for every task that
/// left the phase (removed, or moved to another), unless older than
/// `cutoff` (a date, `YYYY-MM-DD`).
fn phase_units<'a>(
    tasks: &'a [Task],
    old: Option<&[(&'a str, Option<&'a str>)]>,
    today: &'a str,
    cutoff: &str,
) -> Vec<Unit<'a>> {
    let Some(old) = old else {
        return tasks.iter().map(Unit::Task).collect();
    };
    let mut at: Option<std::collections::HashMap<&str, usize, rustc_hash::FxBuildHasher>> = None;
    let mut out = Vec::with_capacity(tasks.len() + 4);
    let mut next = 0;
    for &(id, date) in old {
        // Nearly always the old line is the next task (a change of status
        // moves nothing); only a task added, moved or gone needs the map.
        if tasks.get(next).is_some_and(|t| t.id == id) {
            out.push(Unit::Task(&tasks[next]));
            next += 1;
            continue;
        }
        let at = at.get_or_insert_with(|| {
            tasks
                .iter()
                .enumerate()
                .map(|(i, t)| (t.id.as_str(), i))
                .collect()
        });
        match at.get(id) {
            Some(&k) => {
                while next <= k {
                    out.push(Unit::Task(&tasks[next]));
                    next += 1;
                }
            }
            None => {
                let date = date.unwrap_or(today);
                if date >= cutoff {
                    out.push(Unit::Tomb(id, date));
                }
            }
        }
    }
    out.extend(tasks[next..].iter().map(Unit::Task));
    out
}

/// The whole plan file in todo's own layout, ending with one newline.
pub fn render(plan: &Plan) -> String {
    render_over(plan, None, "")
}

/// [`render`], replacing `old` (the file as it was) on `today` (a date,
/// `YYYY-MM-DD`): tasks that left a phase leave tombstones, and the old
/// file's tombstones stay for [`TOMB_DAYS`] days.
pub fn render_over(plan: &Plan, old: Option<&[u8]>, today: &str) -> String {
    // The new file is about as long as the old one: one allocation, no
    // copy of megabytes while it grows.
    let estimate = 128 + plan.task_count() * 136;
    let mut out = String::with_capacity(old.map_or(estimate, |o| estimate.max(o.len() + 4096)));
    let _ = writeln!(out, "{{\n  \"version\": {VERSION},");
    for (k, v) in &plan.extra {
        out.push_str("  ");
        string(&mut out, k);
        out.push_str(": ");
        pretty(&mut out, v, "  ");
        out.push_str(",\n");
    }
    section(
        &mut out,
        "objectives",
        &plan.objectives,
        |o| &o.id,
        objective_fields,
    );
    section(
        &mut out,
        "findings",
        &plan.findings,
        |f| &f.id,
        finding_fields,
    );
    let olds = old.map(old_units).unwrap_or_default();
    let olds: std::collections::HashMap<&str, &[(&str, Option<&str>)]> =
        olds.iter().map(|(p, t)| (*p, t.as_slice())).collect();
    let cutoff = cutoff(today);
    out.push_str("  \"phases\": [\n\n");
    for (i, phase) in plan.phases.iter().enumerate() {
        // A phase opens with its id, which never changes, and closes with
        // its name: both lines its own, so that git never takes one
        // phase's end for another's (a new phase after a changed last task
        // would otherwise swallow the tasks the other branch appended).
        if i > 0 {
            out.push_str("    ,\n");
        }
        out.push_str("    { \"id\": ");
        string(&mut out, &phase.id);
        out.push_str(", \"tasks\": [\n\n");
        let units = phase_units(
            &phase.tasks,
            olds.get(phase.id.as_str()).copied(),
            today,
            &cutoff,
        );
        for (k, u) in units.iter().enumerate() {
            match u {
                Unit::Task(t) => unit(&mut out, "      ", k == 0, &t.id, |out| {
                    task_fields(out, t, &StatusFields::of(t))
                }),
                Unit::Tomb(id, date) => unit(&mut out, "      ", k == 0, id, |out| {
                    out.push_str("\"removed\": ");
                    string(out, date);
                }),
            }
        }
        out.push_str("    ], \"name\": ");
        string(&mut out, &phase.name);
        extra_fields(&mut out, &phase.extra);
        out.push_str(" }\n\n");
    }
    out.push_str("  ]\n}\n");
    out
}

/// The date [`TOMB_DAYS`] before `today` (`YYYY-MM-DD`); tombstones dated
/// before it are dropped. Empty (keep all) when `today` is not a date.
fn cutoff(today: &str) -> String {
    let days = |s: &str| -> Option<u64> {
        let (y, rest) = s.split_once('-')?;
        let (m, d) = rest.split_once('-')?;
        let (y, m, d): (i64, i64, i64) =
            (y.parse().ok()?, m.parse().ok()?, d.get(..2)?.parse().ok()?);
        // days_from_civil (Howard Hinnant), the inverse of `clock::rfc3339`.
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        u64::try_from(era * 146_097 + doe - 719_468).ok()
    };
    match days(today) {
        Some(n) => super::clock::rfc3339(n.saturating_sub(TOMB_DAYS) * 86_400)[..10].to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"{
  "version": 1,
  "rev": 12,
  "nextPhaseId": 3,
  "nextTaskId": 10,
  "phases": [
    {
      "id": "p1",
      "name": "Auth",
      "tasks": [
        { "id": "t1", "content": "Wire OAuth providers", "status": "completed" },
        { "id": "t2", "content": "Rotate keys", "status": "blocked", "blocker": "vendor sandbox" },
        { "id": "t3", "content": "Old idea", "status": "abandoned", "droppedBy": "user" }
      ]
    }
  ]
}
"#;

    /// [`EXAMPLE`] as version 2 writes it (see the README's file format).
    const EXAMPLE_V2: &str = r#"{
  "version": 2,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t1",
        "content": "Wire OAuth providers", "status": "completed" }

      ,
      { "id": "t2",
        "content": "Rotate keys", "status": "blocked", "blocker": "vendor sandbox" }

      ,
      { "id": "t3",
        "content": "Old idea", "status": "abandoned", "droppedBy": "user" }

    ], "name": "Auth" }

  ]
}
"#;

    /// `plan` as read back from the file it was written to: the file has
    /// no `rev`, and is always the newest version.
    fn as_written(plan: &Plan) -> Plan {
        Plan {
            rev: 0,
            version: VERSION,
            ..plan.clone()
        }
    }

    #[test]
    fn a_check_and_its_proof_round_trip_on_the_task_line() {
        let text = r#"{
  "version": 2,
  "phases": [

    { "id": "p1", "tasks": [

      { "id": "t1",
        "content": "Auth", "status": "completed", "verify": "cargo test auth", "verifyTimeout": 120, "proof": {"command":"cargo test auth","exit":0,"ms":812,"at":"2026-01-02T03:04:05Z","commit":"abc1234"} }

      ,
      { "id": "t2",
        "content": "Keys", "status": "completed", "verify": "make keys", "proof": {"command":"make keys","unverified":true,"at":"2026-01-02T03:04:05Z"} }

    ], "name": "Auth" }

  ]
}
"#;
        let plan = parse(text).unwrap();
        let t1 = &plan.phases[0].tasks[0];
        let v = t1.verify.as_deref().unwrap();
        assert_eq!(
            (v.command.as_str(), v.timeout),
            ("cargo test auth", Some(120))
        );
        let p = v.proof.as_ref().unwrap();
        assert!(p.passed());
        assert_eq!((p.ms, p.commit.as_deref()), (812, Some("abc1234")));
        let p2 = plan.phases[0].tasks[1].proof().unwrap();
        assert_eq!(p2.exit, None);
        assert!(plan.tasks().all(|(_, _, t)| t.extra.is_empty()));
        assert_eq!(render(&plan), text);
    }

    #[test]
    fn a_check_this_version_cannot_read_is_kept_as_written() {
        let text = r#"{ "version": 2, "phases": [ { "id": "p1", "name": "A", "tasks": [
          { "id": "t1", "content": "x", "status": "completed", "verify": "two\nlines", "verifyTimeout": "soon", "proof": {"by": "someone"} } ] } ] }"#;
        let plan = parse(text).unwrap();
        let t = &plan.phases[0].tasks[0];
        assert!(t.verify.is_none());
        assert_eq!(t.extra.len(), 3, "{:?}", t.extra);
        let again = parse(&render(&plan)).unwrap();
        assert_eq!(again.phases[0].tasks[0].extra, t.extra);
    }

    #[test]
    fn the_spec_example_round_trips_byte_for_byte() {
        // Version 1 is read, its rev included, and written as version 2.
        let plan = parse(EXAMPLE).unwrap();
        assert_eq!((plan.version, plan.rev), (1, 12));
        assert_eq!(
            plan.phases[0].tasks[1].blocker.as_deref(),
            Some("vendor sandbox")
        );
        assert!(plan.settled.0.is_empty(), "{:?}", plan.settled);
        assert_eq!(render(&plan), EXAMPLE_V2);
        // Version 2 round-trips byte for byte.
        let again = parse(EXAMPLE_V2).unwrap();
        assert_eq!(again, as_written(&plan));
        assert_eq!(render(&again), EXAMPLE_V2);
    }

    #[test]
    fn objectives_and_findings_round_trip_with_their_unknown_fields() {
        let text = EXAMPLE
            .replace("  \"nextTaskId\": 10,\n", "  \"nextTaskId\": 10,\n  \"nextObjectiveId\": 3,\n  \"nextFindingId\": 3,\n")
            .replace(
                "\n  ]\n}\n",
                "\n  ],\n  \"objectives\": [\n    { \"id\": \"o1\", \"text\": \"Ship\", \"status\": \"done\", \"by\": \"person\", \"at\": \"2026-01-01T00:00:00Z\", \"due\": [1,2] },\n    { \"id\": \"o2\", \"text\": \"Keep small\", \"status\": \"open\" }\n  ],\n  \"findings\": [\n    { \"id\": \"f1\", \"text\": \"learned\", \"src\": \"x\" },\n    { \"id\": \"f2\", \"text\": \"seen\", \"by\": \"agent\", \"at\": \"2026-01-01T00:00:00Z\" }\n  ],\n  \"owner\": \"me\"\n}\n",
            );
        let plan = parse(&text).unwrap();
        assert_eq!(plan.objectives[0].status, ObjectiveStatus::Done);
        assert_eq!(plan.objectives[0].by, Some(Actor::Person));
        assert_eq!(plan.findings[0].extra["src"], "x");
        // An older finding has no mark; a newer one says who recorded it.
        assert_eq!(plan.findings[0].by, None);
        assert_eq!(plan.findings[1].by, Some(Actor::Agent));
        assert_eq!(plan.findings[1].at.as_deref(), Some("2026-01-01T00:00:00Z"));
        // Written as version 2: unknown top-level fields, then objectives
        // and findings, before the phases; each item two lines.
        let v2 = EXAMPLE_V2.replace(
            "  \"phases\": [\n",
            concat!(
                "  \"owner\": \"me\",\n",
                "  \"objectives\": [\n\n",
                "    { \"id\": \"o1\",\n",
                "      \"text\": \"Ship\", \"status\": \"done\", \"by\": \"person\", \"at\": \"2026-01-01T00:00:00Z\", \"due\": [1,2] }\n\n",
                "    ,\n",
                "    { \"id\": \"o2\",\n",
                "      \"text\": \"Keep small\", \"status\": \"open\" }\n\n",
                "  ],\n",
                "  \"findings\": [\n\n",
                "    { \"id\": \"f1\",\n",
                "      \"text\": \"learned\", \"src\": \"x\" }\n\n",
                "    ,\n",
                "    { \"id\": \"f2\",\n",
                "      \"text\": \"seen\", \"by\": \"agent\", \"at\": \"2026-01-01T00:00:00Z\" }\n\n",
                "  ],\n",
                "  \"phases\": [\n",
            ),
        );
        assert_eq!(render(&plan), v2);
        let again = parse(&v2).unwrap();
        assert_eq!(again, as_written(&plan));
        assert_eq!(render(&again), v2);
        // A duplicate id (a line merge's leftover) is read and settled, with
        // a note naming it; an unknown status is an error, with its place.
        let dup = text.replace("\"id\": \"o2\"", "\"id\": \"o1\"");
        let settled = parse(&dup).unwrap();
        let ids: Vec<&str> = settled.objectives.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(ids[0], "o1");
        assert!(
            ids[1] != "o1" && super::super::ids::is_shaped(ids[1], 'o'),
            "{ids:?}"
        );
        assert_eq!(settled.objectives[1].text, "Keep small");
        assert_eq!(settled.settled.0.len(), 1, "{:?}", settled.settled);
        assert!(settled.settled.0[0].contains("o1"), "{:?}", settled.settled);
        let bad = text.replace("\"status\": \"open\"", "\"status\": \"closed\"");
        let err = parse(&bad).unwrap_err();
        assert!(
            err.message
                .starts_with("unknown objective status \"closed\""),
            "{err}"
        );
        assert_eq!(err.line, 21);
    }

    #[test]
    fn unknown_fields_survive_in_place() {
        let text = r#"{"version":1,"rev":1,"nextPhaseId":2,"nextTaskId":2,"owner":{"team":"x","n":[1,2]},
          "phases":[{"id":"p1","name":"A","color":"red","tasks":[{"id":"t1","content":"a","status":"pending","due":"2027-01-01","notes":["n1"]}]}]}"#;
        let plan = parse(text).unwrap();
        let out = render(&plan);
        assert!(out.contains("{ \"id\": \"t1\",\n        \"content\": \"a\", \"status\": \"pending\", \"notes\": [\"n1\"], \"due\": \"2027-01-01\" }\n"), "{out}");
        assert!(
            out.contains("], \"name\": \"A\", \"color\": \"red\" }"),
            "{out}"
        );
        // Version 2 writes unknown top-level fields before the arrays.
        assert!(out.contains("\"owner\": {\n    \"team\": \"x\",\n    \"n\": [\n      1,\n      2\n    ]\n  },\n  \"phases\": ["), "{out}");
        assert_eq!(parse(&out).unwrap(), as_written(&plan));
    }

    #[test]
    fn unknown_numbers_keep_their_text_through_any_number_of_rewrites() {
        let numbers = "[118446744073709551616, -0, 1e2, -1E-7, 1.50, 2.5e+300, -0.0, 0]";
        let text = EXAMPLE
            .replace(
                "\"status\": \"completed\" }",
                &format!("\"status\": \"completed\", \"n\": {numbers}, \"o\": {{\"k\": 1E2}} }}"),
            )
            .replace("\n  ]\n}\n", &format!("\n  ],\n  \"n\": {numbers}\n}}\n"));
        let plan = parse(&text).unwrap();
        let once = render(&plan);
        assert!(once.contains("\"n\": [118446744073709551616,-0,1e2,-1E-7,1.50,2.5e+300,-0.0,0], \"o\": {\"k\":1E2} }"), "{once}");
        assert!(
            once.contains("\"n\": [\n    118446744073709551616,\n    -0,\n    1e2,\n    -1E-7,\n"),
            "{once}"
        );
        assert_eq!(render(&parse(&once).unwrap()), once);
    }

    #[test]
    fn strings_are_escaped_like_serde_json() {
        for s in [
            "plain",
            "q\"uote",
            "back\\slash",
            "tab\tnl\ncr\r",
            "\u{1b}[31m\u{7}\u{0}",
            "é ✓ 🚀",
            "\u{7f}\u{8}\u{c}",
        ] {
            let mut out = String::new();
            string(&mut out, s);
            assert_eq!(out, serde_json::to_string(s).unwrap());
        }
        // Each character that needs an escape, at every place in and
        // around the 16-byte chunks the scan reads.
        for c in ['"', '\\', '\n', '\u{0}', '\u{1f}'] {
            for at in 0..40 {
                let mut s = "x".repeat(40);
                s.replace_range(at..=at, &c.to_string());
                let mut out = String::new();
                string(&mut out, &s);
                assert_eq!(out, serde_json::to_string(&s).unwrap(), "{c:?} at {at}");
            }
        }
    }

    #[test]
    fn columns_are_characters() {
        let text = "ab\né🔑x\n";
        // Byte 7 of line 2 is the `x`, its third character.
        assert_eq!(char_column(text, 2, 7), 3);
        assert_eq!(char_column(text, 2, 0), 0);
        assert_eq!(char_column(text, 2, 2), 1);
        assert_eq!(char_column(text, 2, 8), 4);
        assert_eq!(char_column(text, 9, 3), 3);
        let err = parse("{\"é🔑\": 1,\n \"version\": 1, \"phases\": [], \"é🔑\": 2}").unwrap_err();
        assert_eq!((err.line, err.column), (2, 30), "{err}");
        let err = utf8(b"{\n\"\xc3\xa9\xff").unwrap_err();
        assert_eq!((err.line, err.column), (2, 3), "{err}");
        assert_eq!(utf8(b"ok"), Ok("ok"));
    }

    #[test]
    fn errors_carry_line_and_column() {
        let bad_status = EXAMPLE.replace("\"completed\"", "\"done\"");
        let err = parse(&bad_status).unwrap_err();
        assert_eq!((err.line, err.column), (11, 68));
        assert!(err.message.contains("unknown status \"done\""), "{err}");

        // A duplicate id is no longer an error: read, settled, noted.
        let dup = EXAMPLE.replace("\"t3\"", "\"t1\"");
        let plan = parse(&dup).unwrap();
        let t3 = &plan.phases[0].tasks[2];
        assert_eq!(t3.content, "Old idea");
        assert!(
            t3.id != "t1" && super::super::ids::is_shaped(&t3.id, 't'),
            "{}",
            t3.id
        );
        assert_eq!(plan.phases[0].tasks[0].id, "t1");
        assert_eq!(plan.settled.0.len(), 1, "{:?}", plan.settled);
        assert!(plan.settled.0[0].contains("t1"), "{:?}", plan.settled);

        let v3 = EXAMPLE.replace("\"version\": 1", "\"version\": 3");
        let err = parse(&v3).unwrap_err();
        assert_eq!((err.line, err.column), (2, 14));
        assert!(err.message.starts_with("unknown version 3"), "{err}");

        for (field, word, message) in [
            (
                "status",
                "x",
                "unknown status \"x\" (expected pending, in_progress, completed, abandoned or blocked)",
            ),
            ("by", "x", "unknown actor \"x\" (expected person or agent)"),
            (
                "checks",
                "x",
                "unknown checks \"x\" (expected anyone, person or agent)",
            ),
            (
                "claimedBy",
                "x",
                "unknown claimedBy \"x\" (expected person or agent)",
            ),
            (
                "status",
                "1",
                "invalid type: integer `1`, expected a status string",
            ),
            ("by", "1", "invalid type: integer `1`, expected a string"),
        ] {
            let value = if word == "1" {
                word.to_string()
            } else {
                format!("\"{word}\"")
            };
            let text = EXAMPLE.replace(
                "\"status\": \"completed\" }",
                &format!("\"status\": \"completed\", \"owner\": \"o\", \"{field}\": {value} }}"),
            );
            let text = text.replacen(&format!("\"{field}\": \"completed\", "), "", 1);
            assert_eq!(parse(&text).unwrap_err().message, message, "{field}");
        }

        let cut = &EXAMPLE[..EXAMPLE.len() / 2];
        let err = parse(cut).unwrap_err();
        assert!(err.line > 1, "{err}");
        assert!(parse("").is_err());
        assert!(parse("[]").is_err());
    }
}
