//! The order of merged items: ours' order (or theirs' when only theirs
//! reordered), the other side's items after their nearest predecessor.
//!
//! Linear: the result is a linked list over the items with an id → node
//! map, so placing an item after its predecessor is a lookup and a link,
//! never a search of, or an insert into, a vector.

use std::hash::Hash;

use super::{HashMap, HashSet};

/// No next node.
const END: usize = usize::MAX;

/// The merged order as a singly linked list; node 0 is the head, before
/// every item.
struct List<'a, T> {
    item: Vec<Option<&'a T>>,
    next: Vec<usize>,
    /// The first node holding each item (an item listed twice keeps its
    /// first place, as a search from the front would find).
    node: HashMap<&'a T, usize>,
    last: usize,
}

impl<'a, T: Eq + Hash + Clone> List<'a, T> {
    fn new(capacity: usize) -> List<'a, T> {
        let mut item = Vec::with_capacity(capacity + 1);
        let mut next = Vec::with_capacity(capacity + 1);
        item.push(None);
        next.push(END);
        List {
            item,
            next,
            node: HashMap::with_capacity_and_hasher(capacity, Default::default()),
            last: 0,
        }
    }

    /// Put `x` right after node `at`; returns its node.
    fn link_after(&mut self, at: usize, x: &'a T) -> usize {
        let n = self.item.len();
        self.item.push(Some(x));
        self.next.push(self.next[at]);
        self.next[at] = n;
        if self.last == at {
            self.last = n;
        }
        self.node.entry(x).or_insert(n);
        n
    }

    fn into_vec(self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.item.len() - 1);
        let mut at = self.next[0];
        while at != END {
            if let Some(x) = self.item[at] {
                out.push(x.clone());
            }
            at = self.next[at];
        }
        out
    }
}

/// Order merged items as the module says; `keep` is what the result holds.
pub(super) fn merge_order<T: Eq + Hash + Clone>(
    base: &[T],
    ours: &[T],
    theirs: &[T],
    keep: impl Fn(&T) -> bool,
) -> Vec<T> {
    // Both sides in the same order (a phase nobody reordered or added to,
    // the common case): every item of theirs is in ours, so the rules
    // below give ours' order.
    if ours == theirs {
        return ours.iter().filter(|x| keep(x)).cloned().collect();
    }
    let in_all: HashSet<&T> = {
        let o: HashSet<&T> = ours.iter().collect();
        let t: HashSet<&T> = theirs.iter().collect();
        base.iter()
            .filter(|x| o.contains(x) && t.contains(x))
            .collect()
    };
    let [b, o, t] = [base, ours, theirs].map(|list| {
        list.iter()
            .filter(|x| in_all.contains(x))
            .collect::<Vec<_>>()
    });
    let theirs_leads = o == b && t != b;
    let (primary, secondary) = if theirs_leads {
        (theirs, ours)
    } else {
        (ours, theirs)
    };
    let base_set: HashSet<&T> = base.iter().collect();
    let secondary_set: HashSet<&T> = secondary.iter().collect();
    let mut list = List::new(primary.len() + secondary.len());
    for x in primary.iter().filter(|x| keep(x)) {
        list.link_after(list.last, x);
    }
    // The node of the nearest item before this one on the secondary side
    // that is in the result (the head when there is none yet).
    let mut anchor = 0;
    for item in secondary {
        if !keep(item) {
            continue;
        }
        if let Some(&n) = list.node.get(item) {
            anchor = n;
            continue;
        }
        let mut at = anchor;
        if !theirs_leads {
            // Items new on ours at the same spot go first.
            while let Some(next) = list.item.get(list.next[at]).copied().flatten()
                && !base_set.contains(next)
                && !secondary_set.contains(next)
            {
                at = list.next[at];
            }
        }
        anchor = list.link_after(at, item);
    }
    list.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector algorithm this replaces, kept as the specification.
    fn by_search(
        base: &[String],
        ours: &[String],
        theirs: &[String],
        keep: impl Fn(&String) -> bool,
    ) -> Vec<String> {
        let in_all: Vec<&String> = base
            .iter()
            .filter(|x| ours.contains(x) && theirs.contains(x))
            .collect();
        let common = |list: &[String]| -> Vec<String> {
            list.iter()
                .filter(|x| in_all.contains(x))
                .cloned()
                .collect()
        };
        let theirs_leads = common(ours) == common(base) && common(theirs) != common(base);
        let (primary, secondary) = if theirs_leads {
            (theirs, ours)
        } else {
            (ours, theirs)
        };
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
                while pos < out.len() && !base.contains(&out[pos]) && !secondary.contains(&out[pos])
                {
                    pos += 1;
                }
            }
            out.insert(pos, item.clone());
        }
        out
    }

    fn ids(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn appends_on_both_sides_come_out_ours_first() {
        let got = merge_order(&ids("a b"), &ids("a b o1 o2"), &ids("a b t1"), |_| true);
        assert_eq!(got, ids("a b o1 o2 t1"));
        let got = merge_order(&ids("a b"), &ids("a o1 b"), &ids("a t1 b"), |_| true);
        assert_eq!(got, ids("a o1 t1 b"));
        let got = merge_order(&ids("a b"), &ids("a b"), &ids("b a t1"), |x| x != "a");
        assert_eq!(got, ids("b t1"));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
        #[test]
        fn the_same_order_as_the_search_it_replaces(
            base in proptest::sample::subsequence((0..8).collect::<Vec<u8>>(), 0..8),
            ours_extra in proptest::collection::vec(0u8..14, 0..10),
            theirs_extra in proptest::collection::vec(0u8..14, 0..10),
            shuffle_ours in proptest::bool::ANY,
            shuffle_theirs in proptest::bool::ANY,
            drop in proptest::collection::vec(0u8..14, 0..3),
        ) {
            let name = |x: &u8| format!("i{x}");
            let base: Vec<String> = base.iter().map(name).collect();
            let side = |extra: &[u8], shuffle: bool| {
                let mut out: Vec<String> = base.clone();
                if shuffle {
                    out.reverse();
                }
                for x in extra {
                    let at = (*x as usize * 7) % (out.len() + 1);
                    let x = name(x);
                    if !out.contains(&x) {
                        out.insert(at, x);
                    }
                }
                out.retain(|x| !x.ends_with('3'));
                out
            };
            let ours = side(&ours_extra, shuffle_ours);
            let theirs = side(&theirs_extra, shuffle_theirs);
            let dropped: Vec<String> = drop.iter().map(name).collect();
            let keep = |x: &String| !dropped.contains(x);
            proptest::prop_assert_eq!(
                merge_order(&base, &ours, &theirs, keep),
                by_search(&base, &ours, &theirs, keep)
            );
        }
    }
}
