/// A value kept in one shared box: copies of the struct holding it share the box (one retain to copy,
/// however many reference-counted members the value has) until one of them changes it, which then gets
/// a box of its own. Actions and steps are copied at every turn of the loop; their members rarely change.
@propertyWrapper
package struct SharedBox<Value: Sendable>: Sendable {
    // Mutated only while uniquely referenced, so no two threads ever see a change to one box. (A box that
    // never changes, replaced at each change, needs no `@unchecked`, but made the action loop 30-50% slower.)
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    package init(wrappedValue: Value) { box = Box(wrappedValue) }

    package var wrappedValue: Value {
        // Lent, not returned: reading one member copies that member, not the whole value first.
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}
