import Foundation
import HTTPClient

extension PTVClient {
    /// Pause between looks at the fleet's store while another instance fetches the same question.
    static let fleetPoll: Duration = .milliseconds(40)

    /// Fetches `request` on a miss of this instance's cache, through the fleet when there is one: another instance's
    /// fresh answer (or "not found") is used as it is, with its real fetch time; else this instance claims the question
    /// and asks PTV, or waits a little (`PTVFleetShare.wait`) for the instance that claimed it, then asks PTV itself.
    /// When PTV fails, a dated copy any instance saved is put in this cache, so it is served as stale with its time.
    /// - Parameters:
    ///   - request: The request.
    ///   - type: The response model.
    ///   - looked: Whether the store was looked in just before (`adoptFromFleet`): the first look is then skipped (the
    ///     claim still looks again once won).
    /// - Returns: The answer, and when it was fetched when another instance fetched it (nil: now).
    func fetchThroughFleet<T: Decodable & Sendable>(_ request: PTVRequest, as type: T.Type, looked: Bool = false) async throws -> (T, Date?) {
        guard let fleet else { return (try await send(request, as: type), nil) }
        await fleet.throttle.refresh()
        let key = request.cacheKey
        let started = ContinuousClock.now
        var dated: SharedAnswer?
        var claim: SharedClaim?
        var skipLook = looked
        while true {
            if !skipLook, let found = await fleet.answers.answer(for: key) {
                if let fresh = try fresh(found, for: request, as: type, releasing: claim, in: fleet) { return fresh }
                if case .body = found.content { dated = found }
            }
            skipLook = false
            // Won just now: the answer was looked for once more after winning (the winner before may have saved it
            // between the first look and the claim).
            if claim != nil && claim != .taken { break }
            claim = await fleet.answers.claim(key, for: configuration.totalTimeout + 1)
            if case .won = claim { continue }
            if claim == .unavailable || started.duration(to: .now) >= .seconds(fleet.wait) { break }
            try? await Task.sleep(for: Self.fleetPoll)
        }
        return try await fetchAndPublish(request, as: type, claim: claim ?? .unavailable, dated: dated, fleet: fleet)
    }

    /// Puts another instance's fresh answer to `request` into this cache, so that a visitor's question it answers is
    /// a hit and not charged to their budget (only a call that really reaches PTV is: the charge is made before the
    /// cache's fetch, which looks in the fleet's store only after it). One look at the store; nothing when it holds no
    /// fresh answer that reads, or only PTV's "not found".
    /// - Parameters:
    ///   - request: The question.
    ///   - type: The response model.
    func adoptFromFleet<T: Decodable & Sendable>(_ request: PTVRequest, as type: T.Type) async {
        guard let fleet, let found = await fleet.answers.answer(for: request.cacheKey), case .body(let body) = found.content,
              now().timeIntervalSince(found.fetchedAt) < request.endpoint.freshness,
              let value = try? Self.decode(ClientResponse(status: 200, body: body), as: type) else { return }
        metrics.sharedHit(request.endpoint)
        cache.restore(value, fetchedAt: found.fetchedAt, for: request)
    }

    /// Gives up a claim on a question after its answer, without waiting (through `background`, so its owner can).
    private func release(_ key: String, token: String, in fleet: PTVFleetShare) {
        let body: @Sendable () async -> Void = { await fleet.answers.release(key, token: token) }
        if let background { background(body) } else { Task { await body() } }
    }

    /// The value of another instance's answer when it is still fresh (nil when it is old or does not read); PTV's
    /// fresh "not found" is thrown. A claim this instance won is given up first.
    private func fresh<T: Decodable & Sendable>(_ found: SharedAnswer, for request: PTVRequest, as type: T.Type, releasing claim: SharedClaim?,
                                                in fleet: PTVFleetShare) throws -> (T, Date?)? {
        let age = now().timeIntervalSince(found.fetchedAt)
        var value: T?
        switch found.content {
        case .body(let body):
            guard age < request.endpoint.freshness, let read = try? Self.decode(ClientResponse(status: 200, body: body), as: type) else { return nil }
            value = read
        case .notFound:
            guard age < request.endpoint.notFoundFreshness else { return nil }
        }
        metrics.sharedHit(request.endpoint)
        if case .won(let token)? = claim { release(request.cacheKey, token: token, in: fleet) }
        guard let value else { throw PTVError(.notFound, status: 404) }
        return (value, found.fetchedAt)
    }

    /// Asks PTV, saves its answer (or "not found") for the fleet and gives up the claim; on a failure of PTV, leaves
    /// the fleet's dated copy in this cache for the stale answer.
    private func fetchAndPublish<T: Decodable & Sendable>(_ request: PTVRequest, as type: T.Type, claim: SharedClaim, dated: SharedAnswer?,
                                                          fleet: PTVFleetShare) async throws -> (T, Date?) {
        let key = request.cacheKey
        defer {
            if case .won(let token) = claim { release(key, token: token, in: fleet) }
        }
        do {
            let (value, body) = try await sendKeepingBody(request, as: type)
            let fetchedAt = now()
            if claim != .unavailable { await fleet.answers.publish(SharedAnswer(.body(body), fetchedAt: fetchedAt), for: key) }
            return (value, fetchedAt)
        } catch let error as PTVError {
            if error.kind == .notFound, claim != .unavailable {
                await fleet.answers.publish(SharedAnswer(.notFound, fetchedAt: now()), for: key)
            }
            var copy = dated
            if error.isUpstreamFailure, copy == nil, claim != .unavailable { copy = await fleet.answers.answer(for: key) }
            if error.isUpstreamFailure, let copy, case .body(let body) = copy.content,
               let value = try? Self.decode(ClientResponse(status: 200, body: body), as: type) {
                cache.restore(value, fetchedAt: copy.fetchedAt, for: request)
            }
            throw error
        }
    }
}
