#include "shell_words.hpp"

namespace qubic {

Parsed<std::vector<std::string>> shellWords(std::string_view text) {
  using Result = Parsed<std::vector<std::string>>;
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (inWord) words.push_back(word), word.clear(), inWord = false;
      continue;
    }
    inWord = true;
    if (c == '\\') {
      if (++i == text.size()) return Result::failure("a backslash ends the command");
      if (text[i] != '\n') word += text[i];  // backslash-newline joins lines
    } else if (c == '\'') {
      const std::size_t end = text.find('\'', i + 1);
      if (end == std::string_view::npos) return Result::failure("a single quote is not closed");
      word += text.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i == text.size()) return Result::failure("a double quote is not closed");
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() &&
            std::string_view("$`\"\\\n").find(text[i + 1]) != std::string_view::npos)
          ++i;
        if (text[i] != '\n' || text[i - 1] != '\\') word += text[i];
      }
    } else {
      word += c;
    }
  }
  if (inWord) words.push_back(word);
  return Result::success(std::move(words));
}

}  // namespace qubic
