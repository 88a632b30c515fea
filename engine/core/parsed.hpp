// The result of reading outside input: a value, or a message saying exactly what is wrong.
// Shared by notation, config and protocol so every parser reports errors the same way.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace qubic {

template <class T>
class [[nodiscard]] Parsed {
 public:
  static Parsed success(T value) { return Parsed(std::move(value), {}); }
  // The message should be a complete, human-readable phrase; it is shown to users as is.
  static Parsed failure(std::string error) { return Parsed(std::nullopt, std::move(error)); }

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }

  // Precondition: ok(). Throws std::bad_optional_access otherwise rather than reading garbage.
  const T& value() const& { return value_.value(); }
  T&& value() && { return std::move(value_.value()); }  // takes a large value out whole
  // Empty when ok().
  const std::string& error() const { return error_; }

 private:
  Parsed(std::optional<T> value, std::string error)
      : value_(std::move(value)), error_(std::move(error)) {}

  std::optional<T> value_;
  std::string error_;
};

}  // namespace qubic
