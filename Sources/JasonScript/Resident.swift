import CJavaScriptCore
import JasonJSON

/// The resident top-level data object and the JSON each of its members was made from.
struct RootMirror {
    let receiver: ScriptReceiver
    var members: [String: JSON]
    /// Bumped whenever the resident object is changed by a sync: a render that synced at the current
    /// generation sees its own data there and need not look again.
    var generation = 0
    /// An expression may have changed the resident data: the next sync converts every member anew.
    var diverged = false
    /// The data of the last sync, to tell at a glance when the next one brings the same members.
    var synced: JSONObject = [:]
}

extension EngineContext {
    /// Updates the resident root object to `data`: converts the members whose value is not the one
    /// converted last time, deletes missing ones. "The same value" is decided by identity (the same
    /// array or object storage, which the mirror keeps alive), never by comparing large values.
    func syncRoot(_ data: JSONObject) -> ScriptReceiver {
        if root == nil {
            let object = JSObjectMake(context, nil, nil)!
            setProperty(object, "$root", object)
            root = RootMirror(receiver: ScriptReceiver(value: object, context: context, isObject: true,
                                                       primitiveExtras: []), members: [:])
        }
        if !root!.diverged, data.hasIdenticalMembers(root!.synced) { return root!.receiver }
        let object = JSValueToObject(context, root!.receiver.value, nil)!
        var changed = false
        if root!.diverged {
            root!.members.removeAll()
            root!.diverged = false
            changed = true
        }
        var kept = 0
        // `$root` always names the object itself, whatever the data holds (st.js sets it before each call).
        for (name, value) in data where name != "$root" {
            kept += 1
            if let old = root!.members[name], old.isIdentical(to: value) { continue }
            JSObjectSetProperty(context, object, propertyName(name), makeValue(value),
                                JSPropertyAttributes(kJSPropertyAttributeNone), nil)
            root!.members[name] = value
            changed = true
        }
        if root!.members.count > kept {
            for name in root!.members.keys where data[name] == nil {
                setProperty(object, name, nil)
                root!.members[name] = nil
            }
            changed = true
        }
        if changed { root!.generation &+= 1 }
        root!.synced = data
        return root!.receiver
    }


    /// The resident root, synced with `data` unless `generation` says this caller synced it last.
    func residentRoot(_ data: JSONObject, syncedAt generation: inout Int?) -> ScriptReceiver {
        if let generation, let root, root.generation == generation { return root.receiver }
        let receiver = syncRoot(data)
        generation = root!.generation
        return receiver
    }
}
