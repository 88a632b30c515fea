#include "external_engine.hpp"

#include "client/engine_process.hpp"
#include "config/shell_words.hpp"
#include "engine/core/notation.hpp"

namespace qubic::tui {

namespace {

client::EngineConfig configOf(const std::string& command, const std::string& options) {
  client::EngineConfig config;
  // Checked when the settings were read (tui/main.cpp): a command that does not split is
  // refused there.
  const Parsed<std::vector<std::string>> split = shellWords(command);
  const std::vector<std::string> words = split ? split.value() : std::vector<std::string>{};
  if (!words.empty()) {
    config.command = words[0];
    config.args.assign(words.begin() + 1, words.end());
  }
  config.name = config.command;
  for (std::size_t at = 0; at < options.size();) {
    const std::size_t end = std::min(options.find(';', at), options.size());
    const std::string pair = options.substr(at, end - at);
    const std::size_t eq = pair.find('=');
    if (eq != std::string::npos)
      config.options.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
    at = end + 1;
  }
  return config;
}

ExternalMove failure(const client::EngineFault& f) {
  ExternalMove m;
  m.interrupted = f.kind == client::EngineFault::Kind::Interrupted;
  m.termination = std::string(client::terminationText(client::terminationOf(f.kind)));
  m.details = f.details;
  return m;
}

}  // namespace

ExternalEngine::ExternalEngine(const std::string& command, const std::string& options,
                               const std::atomic<bool>* stop)
    : process_(std::make_unique<client::EngineProcess>(configOf(command, options), stop)),
      command_(command) {}

ExternalEngine::~ExternalEngine() = default;

std::string ExternalEngine::name() const {
  return process_->idName().empty() ? command_ : process_->idName();
}

ExternalMove ExternalEngine::think(const Position& start, const std::vector<int>& moves,
                                   std::chrono::milliseconds moveTime, bool newGame) {
  const bool fresh = !process_->running();
  if (auto f = process_->start()) {
    process_->discard();
    return failure(*f);
  }
  if (newGame || fresh)
    if (auto f = process_->newGame(1)) {
      process_->discard();
      return failure(*f);
    }
  std::string position =
      start.moveCount() == 0 ? "position startpos" : "position fen " + positionString(start);
  if (!moves.empty()) position += " moves";
  for (int cell : moves) position.append(" ").append(moveToken(cell));
  Position pos = start;
  for (int cell : moves) pos.play(cell);
  const auto answer = process_->think(position, "movetime " + std::to_string(moveTime.count()),
                                      2 * moveTime + std::chrono::seconds(1));
  if (const auto* f = std::get_if<client::EngineFault>(&answer)) {
    process_->discard();  // mid-search or broken: the next move starts it afresh
    return failure(*f);
  }
  const client::EngineReply& reply = std::get<client::EngineReply>(answer);
  const Parsed<int> cell = parseMove(reply.move);
  ExternalMove m;
  if (!cell || !pos.isLegal(cell.value())) {
    process_->discard();
    m.termination = "illegal move";
    m.details = "the engine sent bestmove " + reply.move.substr(0, 40);
    return m;
  }
  m.move = cell.value();
  m.reason = reply.reason;
  return m;
}

}  // namespace qubic::tui
