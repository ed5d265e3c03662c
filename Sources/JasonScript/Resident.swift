import CJavaScriptCore
import JasonJSON

/// The resident top-level data object and the data it was last made from.
struct RootMirror {
    let receiver: ScriptReceiver
    /// Bumped whenever the resident object is changed by a sync: a render that synced at the current
    /// generation sees its own data there and need not look again.
    var generation = 0
    /// An expression may have changed the resident data: the next sync converts every member anew.
    var diverged = false
    /// The data of the last sync, name by name: each member of the resident object was made from the
    /// value here. Kept apart from the caller's object, not as that object: holding the caller's storage
    /// made its next change (the template data's `$get`, at every `$set`) copy every member.
    var names: [String] = []
    var values: [JSON] = []
    /// The JavaScript objects made for the object members of `values`, by position; nil where the member
    /// is not an object or its object is not known. Each is protected while kept: a script the mutation
    /// guess misses could drop it from the root.
    var objects: [JSObjectRef?] = []
}

extension EngineContext {
    /// Updates the resident root object to `data`: converts the members whose value is not the one
    /// converted last time, deletes missing ones. "The same value" is decided by identity (the same
    /// array or object storage, which the mirror keeps alive), never by comparing large values. Members
    /// are compared by position while the names come in the same order, as they do from one action to
    /// the next; by name otherwise.
    func syncRoot(_ data: JSONObject) -> ScriptReceiver {
        if root == nil {
            let object = JSObjectMake(context, nil, nil)!
            setProperty(object, "$root", object)
            root = RootMirror(receiver: ScriptReceiver(value: object, context: context, isObject: true,
                                                       primitiveExtras: []))
        }
        // Taken out while it changes: its storage stays unique and `root` is not accessed at every step.
        var mirror = root.take()!
        defer { root = mirror }
        let object: JSObjectRef = mirror.receiver.value
        var changed = mirror.diverged
        if mirror.diverged {
            (mirror.names, mirror.values) = ([], [])
            mirror.diverged = false
        }
        if mirror.names.count != data.count || !syncInOrder(object, data, &mirror, &changed) {
            syncByName(object, data, &mirror)
            changed = true
        }
        if changed { mirror.generation &+= 1 }
        return mirror.receiver
    }

    /// The sync while the names are those of last time, in the same order: values are compared where
    /// they lie, without copying each out, and the mirror's changed in place. False, having changed
    /// nothing, when a name differs.
    private func syncInOrder(_ object: JSObjectRef, _ data: JSONObject, _ mirror: inout RootMirror,
                             _ changed: inout Bool) -> Bool {
        let names = data.keys
        for index in names.indices where names[index] != mirror.names[index] { return false }
        if mirror.objects.count != data.count { forget(&mirror.objects, count: data.count) }
        data.values.withUnsafeBufferPointer { new in
            mirror.values.withUnsafeMutableBufferPointer { old in
                guard let newValues = new.baseAddress, let oldValues = old.baseAddress else { return }
                for index in new.indices where !JSON.identical(newValues + index, oldValues + index) {
                    let name = names[index]
                    guard name != "$root" else { continue }
                    changed = true
                    if let member = mirror.objects[index],
                       updateInPlace(member, from: oldValues + index, to: newValues + index) {
                        old[index] = new[index]
                        continue
                    }
                    keep(setMember(object, name, new[index]), at: index, in: &mirror.objects)
                    old[index] = new[index]
                }
            }
        }
        return true
    }

    private func syncByName(_ object: JSObjectRef, _ data: JSONObject, _ mirror: inout RootMirror) {
        forget(&mirror.objects, count: data.count)
        var previous: [String: Int] = [:]
        for (index, name) in mirror.names.enumerated() { previous[name] = index }
        for (index, (name, value)) in data.enumerated() where name != "$root" {
            if let old = previous[name], mirror.values[old].isIdentical(to: value) { continue }
            keep(setMember(object, name, value), at: index, in: &mirror.objects)
        }
        // `$root` always names the object itself, whatever the data holds (st.js sets it before each call).
        for name in mirror.names where name != "$root" && data[name] == nil { setProperty(object, name, nil) }
        // Arrays of its own, made element by element, not views of the caller's storage.
        (mirror.names, mirror.values) = (data.keys.map { $0 }, data.values.map { $0 })
    }

    /// Sets a member of the root to a new conversion of `value`; its object, when it is one.
    private func setMember(_ object: JSObjectRef, _ name: String, _ value: JSON) -> JSObjectRef? {
        let made = makeValue(value)
        JSObjectSetProperty(context, object, propertyName(name), made, JSPropertyAttributes(kJSPropertyAttributeNone), nil)
        if case .object = value { return made }
        return nil
    }

    private func keep(_ member: JSObjectRef?, at index: Int, in objects: inout [JSObjectRef?]) {
        if let member { JSValueProtect(context, member) }
        if let old = objects[index] { JSValueUnprotect(context, old) }
        objects[index] = member
    }

    /// Lets go of every object kept, leaving `count` unknown places.
    func forget(_ objects: inout [JSObjectRef?], count: Int) {
        for case let old? in objects { JSValueUnprotect(context, old) }
        objects = Array(repeating: nil, count: count)
    }

    /// An object member (`$get` at every `$set`) whose names have not changed keeps its JavaScript object:
    /// only its changed values are converted and set. False when the names differ, or one is `__proto__`
    /// (an own property to a conversion, the prototype to a set), leaving the member to be made anew.
    /// Both objects are read where they lie, through their storage: bound as values, each was copied.
    private func updateInPlace(_ member: JSObjectRef, from old: UnsafePointer<JSON>,
                               to new: UnsafePointer<JSON>) -> Bool {
        guard let before = JSON.objectStorage(old), let after = JSON.objectStorage(new),
              before.values.count == after.values.count, before.names.count == after.names.count,
              after.names.count == after.values.count else { return false }
        let names = after.names
        for index in names.indices where names[index] != before.names[index] || names[index] == "__proto__" {
            return false
        }
        guard let newValues = after.values.baseAddress, let oldValues = before.values.baseAddress else { return true }
        for index in after.values.indices where !JSON.identical(newValues + index, oldValues + index) {
            setSoonOrNow(member, names[index], makeValue(after.values[index]), isImmediate: after.values[index].isImmediate)
        }
        return true
    }

    /// The resident root, synced with `data` unless `generation` says this caller synced it last.
    func residentRoot(_ data: JSONObject, syncedAt generation: inout Int?) -> ScriptReceiver {
        if let generation, let root, root.generation == generation { return root.receiver }
        let receiver = syncRoot(data)
        generation = root!.generation
        return receiver
    }
}
