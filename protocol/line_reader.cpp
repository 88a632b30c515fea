#include "line_reader.hpp"

namespace qubic {

LineRead readBoundedLine(std::istream& in, std::string& line, std::size_t maxBytes) {
  line.clear();
  std::streambuf* buffer = in.rdbuf();
  bool any = false, tooLong = false;
  for (int c; (c = buffer->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') return tooLong ? LineRead::TooLong : LineRead::Line;
    if (line.size() < maxBytes)
      line.push_back(static_cast<char>(c));
    else
      tooLong = true;
  }
  in.setstate(std::ios::eofbit);
  if (!any) return LineRead::End;
  return tooLong ? LineRead::TooLong : LineRead::Line;
}

}  // namespace qubic
