//! The order of merged items: ours' order (or theirs' when only theirs
//! reordered), the other side's items after their nearest predecessor.

use std::collections::HashSet;

/// Order merged items: ours' order (or theirs' when only theirs reordered),
/// the other side's items placed after their nearest predecessor there.
pub(super) fn merge_order(
    base: &[String],
    ours: &[String],
    theirs: &[String],
    keep: impl Fn(&str) -> bool,
) -> Vec<String> {
    let in_all: HashSet<&String> = {
        let o: HashSet<&String> = ours.iter().collect();
        let t: HashSet<&String> = theirs.iter().collect();
        base.iter()
            .filter(|x| o.contains(x) && t.contains(x))
            .collect()
    };
    let common = |list: &[String]| -> Vec<String> {
        list.iter()
            .filter(|x| in_all.contains(x))
            .cloned()
            .collect()
    };
    let (b, o, t) = (common(base), common(ours), common(theirs));
    let theirs_leads = o == b && t != b;
    let (primary, secondary) = if theirs_leads {
        (theirs, ours)
    } else {
        (ours, theirs)
    };
    let base_set: HashSet<&String> = base.iter().collect();
    let secondary_set: HashSet<&String> = secondary.iter().collect();
    let mut out: Vec<String> = primary.iter().filter(|x| keep(x)).cloned().collect();
    for (i, item) in secondary.iter().enumerate() {
        if !keep(item) || out.contains(item) {
            continue;
        }
        let anchor = secondary[..i]
            .iter()
            .rev()
            .find_map(|prev| out.iter().position(|x| x == prev));
        let mut pos = anchor.map_or(0, |a| a + 1);
        if !theirs_leads {
            // Items new on ours at the same spot go first.
            while pos < out.len()
                && !base_set.contains(&out[pos])
                && !secondary_set.contains(&out[pos])
            {
                pos += 1;
            }
        }
        out.insert(pos, item.clone());
    }
    out
}
