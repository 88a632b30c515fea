// An adaptive binary range coder: bits coded with probabilities that learn from the bits
// before them, so a skewed stream (the certificates' move ranks, engine/proof/certificate)
// takes close to its entropy. Each probability is a 12-bit estimate of "the bit is 0",
// moved a sixteenth of the way to each bit coded; the coder carries into the bytes
// already written (a cache byte and a count of pending 0xFF bytes).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace qubic {

class RangeEncoder {
 public:
  void encode(std::uint16_t& probability, int bit) {
    const std::uint32_t bound = (range_ >> kBits) * probability;
    if (bit == 0) {
      range_ = bound;
      probability += (kOne - probability) >> kShift;
    } else {
      low_ += bound;
      range_ -= bound;
      probability -= probability >> kShift;
    }
    while (range_ < kTop) {
      range_ <<= 8;
      shiftLow();
    }
  }
  // Flushes and returns the bytes; the encoder is spent.
  std::vector<std::uint8_t> finish() {
    for (int i = 0; i < 5; ++i) shiftLow();
    return std::move(out_);
  }

  static constexpr int kBits = 12, kShift = 4;
  static constexpr std::uint16_t kOne = 1 << kBits, kHalf = kOne / 2;

 private:
  static constexpr std::uint32_t kTop = 1u << 24;
  void shiftLow() {
    if (low_ < 0xFF000000u || low_ >= (std::uint64_t{1} << 32)) {
      const std::uint8_t carry = static_cast<std::uint8_t>(low_ >> 32);
      if (started_) out_.push_back(static_cast<std::uint8_t>(cache_ + carry));
      for (; pending_; --pending_) out_.push_back(static_cast<std::uint8_t>(0xFF + carry));
      cache_ = static_cast<std::uint8_t>(low_ >> 24);
      started_ = true;
    } else {
      ++pending_;
    }
    low_ = (low_ & 0x00FFFFFFu) << 8;
  }
  std::uint64_t low_ = 0;
  std::uint32_t range_ = 0xFFFFFFFFu;
  std::uint8_t cache_ = 0;
  bool started_ = false;
  std::uint64_t pending_ = 0;
  std::vector<std::uint8_t> out_;
};

class RangeDecoder {
 public:
  explicit RangeDecoder(std::span<const std::uint8_t> in) : in_(in) {
    for (int i = 0; i < 4; ++i) code_ = (code_ << 8) | next();
  }
  int decode(std::uint16_t& probability) {
    const std::uint32_t bound = (range_ >> RangeEncoder::kBits) * probability;
    int bit = 0;
    if (code_ < bound) {
      range_ = bound;
      probability += (RangeEncoder::kOne - probability) >> RangeEncoder::kShift;
    } else {
      code_ -= bound;
      range_ -= bound;
      probability -= probability >> RangeEncoder::kShift;
      bit = 1;
    }
    while (range_ < (1u << 24)) {
      range_ <<= 8;
      code_ = (code_ << 8) | next();
    }
    return bit;
  }
  // Bytes asked for past the end (read as 0): more than the encoder's flush means the
  // input was cut or is not this coder's.
  std::size_t overrun() const { return overrun_; }
  std::size_t consumed() const { return at_; }

 private:
  std::uint8_t next() {
    if (at_ < in_.size()) return in_[at_++];
    ++overrun_;
    return 0;
  }
  std::span<const std::uint8_t> in_;
  std::size_t at_ = 0, overrun_ = 0;
  std::uint32_t code_ = 0, range_ = 0xFFFFFFFFu;
};

}  // namespace qubic
