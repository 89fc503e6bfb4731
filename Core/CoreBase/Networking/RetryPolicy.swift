import Foundation

/// When and how long to wait before sending a failed request again.
///
/// Every policy is safe by default: it retries only idempotent methods (`GET`,
/// `HEAD`, `OPTIONS`, `PUT`, `DELETE`) and a `POST` or `PATCH` that carries an
/// `Idempotency-Key` header, and only errors that can heal
/// (``APIError/isRetryable``). A `Retry-After` from the server is a minimum delay
/// that jitter never shortens; one longer than ``cap`` ends the retries with the
/// error instead of hanging.
///
/// ```swift
/// var policy = RetryPolicy.exponential(base: .milliseconds(250), maxAttempts: 5)
/// policy.deadline = .seconds(20)  // all attempts and waits together
/// let client = URLSessionHTTPClient(userAgent: "feed/1.0", retryPolicy: policy)
/// ```
public struct RetryPolicy: Sendable {
  /// The most attempts, the first one included; `1` means never retry.
  public var maxAttempts: Int
  /// The longest single wait; a `Retry-After` beyond it ends the retries.
  public var cap: Duration
  /// An upper bound on all attempts and waits together, or `nil` for none.
  ///
  /// A retry whose wait would end past the deadline is not made, and each attempt's
  /// timeout is shortened to the time left.
  public var deadline: Duration?
  private let backoff: @Sendable (_ retry: Int, _ error: APIError) -> Duration?

  /// Never retry.
  public static let none = RetryPolicy(maxAttempts: 1, cap: .zero, deadline: nil) { _, _ in nil }

  /// Exponential backoff: the wait before retry *n* is `base × factor^(n−1)`, at most `cap`,
  /// then jittered.
  ///
  /// - Parameters:
  ///   - base: The wait before the first retry, before jitter.
  ///   - factor: How much each wait grows.
  ///   - cap: The longest wait; also the longest `Retry-After` that is honoured.
  ///   - maxAttempts: The most attempts, the first one included.
  ///   - jitter: How waits are randomised; ``Jitter/full`` by default.
  /// - Returns: The policy.
  public static func exponential(
    base: Duration = .milliseconds(500), factor: Double = 2, cap: Duration = .seconds(30),
    maxAttempts: Int = 4, jitter: Jitter = .full
  ) -> RetryPolicy {
    let baseSeconds = max(0, base.timeInterval)
    let capSeconds = max(0, cap.timeInterval)
    return RetryPolicy(maxAttempts: maxAttempts, cap: cap, deadline: nil) { retry, _ in
      let raw = min(capSeconds, baseSeconds * pow(max(1, factor), Double(retry - 1)))
      return jitter.apply(to: .seconds(raw))
    }
  }

  /// A policy whose waits come from `delay`.
  ///
  /// The safety rules still apply: `delay` is asked only about errors that may be
  /// retried, and a `Retry-After` is still a minimum.
  ///
  /// - Parameters:
  ///   - maxAttempts: The most attempts, the first one included.
  ///   - cap: The longest `Retry-After` that is honoured.
  ///   - delay: Given the retry number (1 for the first retry) and the error, the wait,
  ///     or `nil` to stop and throw the error.
  /// - Returns: The policy.
  public static func custom(
    maxAttempts: Int, cap: Duration = .seconds(60),
    delay: @escaping @Sendable (_ retry: Int, _ error: APIError) -> Duration?
  ) -> RetryPolicy {
    RetryPolicy(maxAttempts: maxAttempts, cap: cap, deadline: nil, backoff: delay)
  }

  private init(
    maxAttempts: Int, cap: Duration, deadline: Duration?,
    backoff: @escaping @Sendable (Int, APIError) -> Duration?
  ) {
    self.maxAttempts = maxAttempts
    self.cap = cap
    self.deadline = deadline
    self.backoff = backoff
  }

  /// The wait before the next attempt, or `nil` to give up and throw `error`.
  ///
  /// - Parameters:
  ///   - error: The failure of attempt number `error.attempts`.
  ///   - method: The request method.
  ///   - headers: The request headers (for `Idempotency-Key`).
  ///   - elapsed: Time spent since the first attempt started.
  /// - Returns: The wait, or `nil` to stop.
  public func delay(
    after error: APIError, method: HTTPMethod, headers: HTTPHeaders, elapsed: Duration = .zero
  ) -> Duration? {
    guard error.attempts < maxAttempts, error.isRetryable else { return nil }
    guard method.isIdempotent || headers["Idempotency-Key"] != nil else { return nil }
    guard var wait = backoff(error.attempts, error) else { return nil }
    wait = max(wait, .zero)
    if let retryAfter = error.retryAfter {
      guard retryAfter <= cap else { return nil }
      wait = max(wait, retryAfter)
    }
    if let deadline, elapsed + wait >= deadline { return nil }
    return wait
  }
}

// MARK: - Jitter

extension RetryPolicy {
  /// How a backoff wait is randomised so that many clients do not retry in step.
  public struct Jitter: Sendable {
    private let random: (@Sendable () -> Double)?

    /// No randomness: waits are exactly the computed backoff.
    public static let none = Jitter(random: nil)

    /// Full jitter: a wait is uniform between zero and the computed backoff.
    public static let full = Jitter(random: { Double.random(in: 0..<1) })

    /// Full jitter with an injected random source, so tests are exact.
    ///
    /// - Parameter random: Returns a number in `0..<1`; values outside are clamped.
    /// - Returns: The jitter.
    public static func full(random: @escaping @Sendable () -> Double) -> Jitter {
      Jitter(random: random)
    }

    func apply(to wait: Duration) -> Duration {
      guard let random else { return wait }
      return wait * min(1, max(0, random()))
    }
  }
}
