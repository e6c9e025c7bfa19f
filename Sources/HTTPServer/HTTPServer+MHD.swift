import CMicroHTTPD
import Foundation
import Synchronization

// The C trampolines. They capture nothing; the server comes back through the context pointer,
// and the per-request state through `con_cls`. They copy everything into Swift values before
// any async work, and never block: the response is computed by a task that starts on MHD's thread;
// if it has to wait, the connection is suspended until it is done.

/// MHD's raw URI callback: runs first for every request and creates its state with the undecoded target.
func mhdURILog(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>, _ connection: OpaquePointer) -> UnsafeMutableRawPointer? {
    let state = ConnectionState(target: String(validatingCString: uri))
    // From here on, running out of time for the header gets a 408.
    ConnectionGuard.withWatch(of: connection) { $0.requestLine.store(true, ordering: .relaxed) }
    return Unmanaged.passRetained(state).toOpaque()
}

/// MHD's completion callback: releases the request state.
func mhdCompleted(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer,
                  _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ toe: MHD_RequestTerminationCode) {
    guard let raw = conCls.pointee else { return }
    let state = Unmanaged<ConnectionState>.fromOpaque(raw).takeRetainedValue()
    let (counted, lent) = state.fields.withLock { fields in
        (fields.phase == .dispatched && fields.counted, fields.lent.take())
    }
    // MHD has sent all of the response (or given up on the connection): it reads none of it from here on.
    lent?.giveBack()
    if let cls {
        Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
            ConnectionGuard.withWatch(of: connection, server.connectionGuard.requestFinished)
            if counted { server.finishedOne() }
        }
    }
    conCls.pointee = nil
}

/// Collects one header pair into a Swift array passed through `cls`.
private func collectHeader(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
                           _ key: UnsafePointer<CChar>, _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let cls else { return cmhd_no() }
    let headers = cls.assumingMemoryBound(to: [(String, String)].self)
    headers.pointee.append((String(decoding: UnsafeRawBufferPointer(start: key, count: strlen(key)), as: UTF8.self),
                            value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""))
    return cmhd_yes()
}

/// MHD's access handler: called for headers, for each body chunk, and once more when the body is complete
/// (and again after a resume, to send the response).
func mhdAccess(_ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>,
               _ method: UnsafePointer<CChar>, _ version: UnsafePointer<CChar>, _ uploadData: UnsafePointer<CChar>?,
               _ uploadDataSize: UnsafeMutablePointer<Int>, _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
    guard let cls, let raw = conCls.pointee else { return cmhd_no() }
    // Borrowed, not retained: the server outlives its daemon and the state lives until the completion callback,
    // and a retain of the server (shared by every request thread) is a write to a contended cache line.
    return Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        Unmanaged<ConnectionState>.fromOpaque(raw)._withUnsafeGuaranteedRef { state in
            access(server, state, connection, method, uploadData, uploadDataSize)
        }
    }
}

/// What one call of the access handler does next, as read from the request's state.
private enum Step {
    case send, headersRead, chunkTaken, complete, waiting
}

private func access(_ server: HTTPServer, _ state: ConnectionState, _ connection: OpaquePointer, _ method: UnsafePointer<CChar>,
                    _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>) -> MHD_Result {
    // One look at the request's state per call: what to do next, and the phase moved on to match.
    let limit = server.configuration.bodyLimit
    var response: Response?
    var body: [UInt8] = []
    var tooLarge = false
    var started = Moment(nanoseconds: 0)
    var announcedBody = true
    let step = state.fields.withLock { fields -> Step in
        if fields.response != nil {
            response = fields.response
            return .send
        }
        switch fields.phase {
        case .headers:
            fields.phase = .body
            fields.announcedBody = cmhd_has_body(connection) != 0
            announcedBody = fields.announcedBody
            return .headersRead
        case .body where uploadDataSize.pointee > 0:
            let count = uploadDataSize.pointee
            if fields.body.count + count > limit {
                fields.bodyTooLarge = true
            } else if let uploadData {
                fields.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: count))
            }
            return .chunkTaken
        case .body:
            fields.phase = .dispatched
            body = fields.body
            tooLarge = fields.bodyTooLarge
            started = fields.started
            announcedBody = fields.announcedBody
            return .complete
        case .dispatched:
            return .waiting
        }
    }
    switch step {
    case .send:
        guard let response else { return cmhd_no() }
        return send(response, on: connection)
    case .headersRead:
        // The whole header is here: no deadline while the request is answered.
        ConnectionGuard.withWatch(of: connection) { $0.deadline.store(0, ordering: .relaxed) }
        // Headers are copied into Swift only when the responder needs them (below); here only the sizes are checked.
        guard announcedBody, let refusal = bodyRefusal(server, state, connection) else { return cmhd_yes() }
        let started = state.fields.withLock { fields in
            fields.phase = .dispatched
            return fields.started
        }
        let request = Request(method: String(cString: method), target: state.target ?? "/", headers: requestHeaders(connection))
        let response = server.responder.refuse(refusal, request: request)
        server.log(request, status: refusal.status, started: started)
        return send(response, on: connection)
    case .chunkTaken:
        uploadDataSize.pointee = 0
        return cmhd_yes()
    case .waiting:
        return cmhd_yes()
    case .complete:
        // A request that announced no body has none, so only the method, the target and the server's state decide.
        if let warm = server.warm, let target = state.target, strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0,
           !announcedBody, !server.stopping.load(ordering: .relaxed),
           let answered = warm.answer(connection, target: target) {
            if let lent = answered.lent { state.fields.withLock { $0.lent = lent } }
            server.accessLog.record(method: method, target: target, status: answered.status, started: started)
            return answered.result
        }
        return dispatch(server: server, state: state, connection: connection, method: String(cString: method), body: body,
                        tooLarge: tooLarge, started: started)
    }
}

/// Hands a complete request to the responder: a task that starts right here, and a suspended connection when it
/// has to wait.
private func dispatch(server: HTTPServer, state: ConnectionState, connection: OpaquePointer, method methodName: String,
                      body: [UInt8], tooLarge: Bool, started: Moment) -> MHD_Result {
    state.fields.withLock { $0.counted = true }
    let headers = requestHeaders(connection)
    let address = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String in
        cmhd_client_address(connection, buffer.baseAddress!, buffer.count)
        return String(cString: buffer.baseAddress!)
    }
    let request = Request(method: methodName, target: state.target ?? "", headers: headers, body: body,
                          remoteAddress: address)
    let handle = ConnectionHandle(pointer: connection)
    // Count first, then look at `stopping`: stop() sets the flag, then waits for the count to reach 0,
    // so no request can be suspended after the daemon is stopped.
    server.inFlight.add(1, ordering: .sequentiallyConsistent)
    if server.stopping.load(ordering: .sequentiallyConsistent) {
        state.fields.withLock { $0.counted = false }
        server.finishedOne()
        var response = server.responder.refuse(HTTPError.restarting, request: request)
        response.setHeader("Connection", "close")
        response.setHeader("Retry-After", "2")
        server.log(request, status: 503, started: started)
        return send(response, on: connection)
    }
    let work: @Sendable () async -> Void = {
        let response: Response
        if state.target == nil {
            response = server.responder.refuse(HTTPError(400, "The address has characters that are not valid UTF-8 text."), request: request)
        } else if tooLarge {
            response = server.responder.refuse(bodyOverLimit(server.configuration.bodyLimit), request: request)
        } else {
            response = await server.responder.respond(to: request)
        }
        server.log(request, status: response.status, started: started)
        let suspended = state.fields.withLock { fields -> Bool in
            fields.response = response
            return fields.suspended
        }
        if suspended { MHD_resume_connection(handle.pointer) }
    }
    // The task runs right here until it first has to wait. A cached page, a static file or /healthz never
    // waits, so its response is ready when `Task.immediate` returns and goes out without a suspend/resume.
    if #available(macOS 26.0, *) {
        Task.immediate(operation: work)
    } else {
        Task(operation: work)
    }
    let ready: Response? = state.fields.withLock { fields in
        if let response = fields.response { return response }
        // Suspended under the lock: the task takes the same lock before it resumes, so it cannot resume first.
        fields.suspended = true
        MHD_suspend_connection(connection)
        return nil
    }
    if let ready { return send(ready, on: connection) }
    return cmhd_yes()
}

/// The refusal of a body over the limit, whether it was announced or only found out while reading.
private func bodyOverLimit(_ limit: Int) -> HTTPError {
    HTTPError(413, "The request is too large: the limit is \(limit) bytes.")
}

/// Why a request announcing a body is refused before the body is read, if it is: a length over the limit, or a head
/// so large that libmicrohttpd would have no memory left to read the body into (it then answers 500 by itself, seen
/// with a 32,110 byte head and a 76 byte form). Half the connection's memory is many times any browser's head.
private func bodyRefusal(_ server: HTTPServer, _ state: ConnectionState, _ connection: OpaquePointer) -> HTTPError? {
    let limit = server.configuration.bodyLimit
    if let length = cmhd_header(connection, "Content-Length").flatMap({ Int(String(cString: $0)) }), length > limit {
        return bodyOverLimit(limit)
    }
    if cmhd_head_size(connection) + (state.target?.utf8.count ?? 0) > server.configuration.headerMemoryLimit / 2 {
        return HTTPError(431, "The request's headers are too large. With a form, Trakx accepts at most \(server.configuration.headerMemoryLimit / 2) bytes of them.")
    }
    return nil
}

/// The request's headers copied into Swift, in arrival order.
private func requestHeaders(_ connection: OpaquePointer) -> [(String, String)] {
    var headers: [(String, String)] = []
    _ = withUnsafeMutablePointer(to: &headers) { cmhd_each_header(connection, collectHeader, $0) }
    return headers
}

/// Copies a Swift response into an MHD response and queues it.
private func send(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes { cmhd_response_copy($0.baseAddress, $0.count) }
    guard let created else { return cmhd_no() }
    for (name, value) in response.headers where !name.equalsIgnoringASCIICase("content-length") {
        // withCString: a native string's bytes are used in place (passing a String directly builds a copy).
        _ = name.withCString { name in value.withCString { value in MHD_add_response_header(created, name, value) } }
    }
    let result = MHD_queue_response(connection, UInt32(response.status), created)
    MHD_destroy_response(created)
    return result
}
