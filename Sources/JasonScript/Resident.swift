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
    /// The data of the last sync: each member of the resident object was made from the value here.
    var synced: JSONObject = [:]
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
        if !mirror.diverged, data.hasIdenticalMembers(mirror.synced) { return mirror.receiver }
        let object: JSObjectRef = mirror.receiver.value
        let previous = mirror.diverged ? [:] : mirror.synced
        var changed = mirror.diverged
        mirror.diverged = false
        let inOrder = previous.keys.elementsEqual(data.keys)
        if inOrder {
            // Compared where they lie, without copying each value out (a retain and a release each).
            data.values.withUnsafeBufferPointer { new in
                previous.values.withUnsafeBufferPointer { old in
                    for index in new.indices where !new[index].isIdentical(to: old[index]) {
                        let name = data.keys[index]
                        guard name != "$root" else { continue }
                        JSObjectSetProperty(context, object, propertyName(name), makeValue(new[index]),
                                            JSPropertyAttributes(kJSPropertyAttributeNone), nil)
                        changed = true
                    }
                }
            }
        } else {
            for (name, value) in data where name != "$root" {
                if let old = previous[name], old.isIdentical(to: value) { continue }
                JSObjectSetProperty(context, object, propertyName(name), makeValue(value),
                                    JSPropertyAttributes(kJSPropertyAttributeNone), nil)
                changed = true
            }
            // `$root` always names the object itself, whatever the data holds (st.js sets it before each call).
            for name in previous.keys where name != "$root" && data[name] == nil {
                setProperty(object, name, nil)
                changed = true
            }
        }
        if changed { mirror.generation &+= 1 }
        mirror.synced = data
        return mirror.receiver
    }

    /// The resident root, synced with `data` unless `generation` says this caller synced it last.
    func residentRoot(_ data: JSONObject, syncedAt generation: inout Int?) -> ScriptReceiver {
        if let generation, let root, root.generation == generation { return root.receiver }
        let receiver = syncRoot(data)
        generation = root!.generation
        return receiver
    }
}
