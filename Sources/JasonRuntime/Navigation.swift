import JasonJSON

/// `$href` and the actions that move between views (R32–R35, DESIGN §2.5). They are carried out by the
/// loop itself because they suspend, resume or end the chain rather than return a value.
extension Interpreter {
    func navigate(_ call: ActionCall, _ navigation: Navigation, _ step: ActionStep, in chain: inout Chain) async
        -> (Resolution, Branch)
    {
        let options = step.options?.objectValue ?? [:]
        let type = navigation.rawValue
        let failure: ActionFailure?
        switch navigation {
        case .href, .visit:
            if let name = options["view"]?.stringValue, let screen = registry.screen(named: name) {
                return await openNative(screen, options["options"], call, step, in: &chain)
            }
            failure = await open(options, call: call, chain: chain)
        case .back:
            failure = goBack(type: type)
        case .ok, .close, .cancel:
            // Only `$ok` keeps the register when it has no options (R16: unlock clears it for any other type).
            let kept = navigation == .ok ? chain.jason : nil
            failure = returnToCaller(type: type, value: navigation == .cancel ? nil : options.isEmpty ? kept : .object(options))
        case .home:
            failure = await restart(at: state.views[0].url, params: [:], wholeStack: true)
        case .reload, .reset:
            failure = await restart(at: state.top.url, params: state.top.variables.params, wholeStack: false)
        }
        if let failure { return fail(call, step, in: &chain, failure, id: .navigation) }
        // The chain is over: the view it ran in has gone or will run it again later ($ok resumes it).
        notify(.succeeded, .succeeded(step, jason: nil))
        notify(.branchTaken, .branchTaken(step, .none))
        return (.endQuietly, .none)
    }

    /// An href to a host screen: the chain waits for the screen's answer and goes on as after `$ok`.
    func openNative(_ screen: any NativeScreen, _ options: JSON?, _ call: ActionCall, _ step: ActionStep,
                    in chain: inout Chain) async -> (Resolution, Branch) {
        let context = openContext()
        let result: Result<JSON?, ActionFailure>
        do { result = .success(try await screen.open(options, in: context)) } catch { result = .failure(error) }
        guard closeContext(context) else { return abandon(step) }
        switch result {
        case .success(let answer): return succeed(call, step, in: &chain, value: answer)
        case .failure(let error): return fail(call, step, in: &chain, error, id: .navigation)
        }
    }

    /// `$href` (R33): open the URL as a new view, suspending this chain until the view returns with `$ok`.
    func open(_ href: JSONObject, call: ActionCall, chain: Chain) async -> ActionFailure? {
        guard case .string(let written)? = href["url"], !written.isEmpty else {
            return ActionFailure(message: "\(call.target) needs a 'url'", type: "$href")
        }
        let url = absoluteURL(written)
        let kind = href["view"]?.stringValue?.lowercased() ?? "jason"
        if kind == "web" || kind == "app" || kind == "external" {
            environment.console.print("[open \(kind)] \(url)")
            return nil
        }
        let params = href["options"]?.objectValue ?? [:]
        let transition = href["transition"]?.stringValue ?? "push"
        if transition == "root" { return await restart(at: state.views[0].url, params: params, wholeStack: true) }
        let document: Document
        switch await loadDocument(url) {
        case .success(let loaded): document = loaded
        case .failure(let failure): return failure
        }
        state.queue.removeAll()   // S12: what was queued behind this chain is dropped when it navigates
        if transition != "replace", let maxViews = limits.maxViews, state.views.count >= maxViews {
            return ActionFailure(message: "$href: \(state.views.count) views are open, the limit (a document that opens itself "
                                 + "grows forever; --max-views changes it)", type: "$href")
        }
        state.timers.stop(view: state.top.id)   // the view on screen is covered or replaced
        if transition == "replace" {
            state.views[state.topIndex] = makeView(document, url: url, transition: state.top.transition, params: params)
            present(at: state.topIndex)
            return nil
        }
        state.views[state.topIndex].callback = ViewRecord.Callback(call: call, frames: chain.frames)
        state.views.append(makeView(document, url: url, transition: transition == "modal" ? .modal : .push, params: params))
        present(at: state.topIndex)
        return nil
    }

    /// `$back` (R34): the view goes away; the one below shows again and runs `$show`.
    func goBack(type: String) -> ActionFailure? {
        guard back() else {
            return ActionFailure(message: "\(type): this is the first view, there is nothing to go back to", type: type)
        }
        return nil
    }

    /// `$ok`, `$close`, `$cancel` (R34 with DESIGN §2.5): the view goes away and the `$href` that opened it
    /// resumes its `success` with `value` as `$jason`. A view opened by a plain `href` (or a `$href`
    /// with no `success`) has nothing waiting: the view below just shows again (`$show`), not reloaded.
    func returnToCaller(type: String, value: JSON?) -> ActionFailure? {
        guard state.views.count > 1 else {
            return ActionFailure(message: "\(type): this is the first view, there is no caller to return to", type: type)
        }
        removeTopView()
        let callback = state.views[state.topIndex].callback
        state.views[state.topIndex].callback = nil
        if let success = callback?.call.success, let callback {
            state.queue.append(QueuedCall(.resume(success, frames: callback.frames, origin: callback.call.path.description),
                                          jason: Chain.wrap(value)))
        } else if document.actions["$show"] != nil {
            state.queue.append(QueuedCall(.named("$show")))
        }
        return nil
    }

    /// `$reload` (R32) and `$home`: the document at `url` is fetched again and replaces the view on
    /// screen, or for `$home` the whole stack; its `$load` runs again. The action's own `success` never runs.
    func restart(at url: String, params: JSONObject, wholeStack: Bool) async -> ActionFailure? {
        state.restartStreak += 1
        if state.restartStreak > limits.maxRestarts {
            return ActionFailure(message: "the view restarted \(limits.maxRestarts) times in a row with nothing from outside "
                                 + "between (a $load that resets or reloads itself loops forever)", type: "$reset")
        }
        let document: Document
        if url == state.top.url, url.isEmpty || url.hasPrefix("stdin:") {
            document = state.top.document   // nothing to fetch again: the document came from standard input
        } else {
            switch await loadDocument(url) {
            case .success(let loaded): document = loaded
            case .failure(let failure): return failure
            }
        }
        state.queue.removeAll()
        let view = makeView(document, url: url, transition: wholeStack ? .push : state.top.transition, params: params)
        // A reload keeps the view's timers running; views that go away stop theirs.
        if wholeStack, state.views.count > 1 { state.timers.stop(nil) } else { state.timers.move(from: state.top.id, to: view.id) }
        if wholeStack { state.views = [view] } else { state.views[state.topIndex] = view }
        present(at: state.topIndex)
        return nil
    }
}
