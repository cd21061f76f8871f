#include "cli/engine/line_reader.h"

namespace tz::cli {

bool readLine(std::istream& in, std::string& line, size_t& length, size_t keep) {
  line.clear();
  length = 0;
  std::streambuf* buffer = in.rdbuf();
  using Traits = std::istream::traits_type;
  for (Traits::int_type c = buffer->sbumpc();; c = buffer->sbumpc()) {
    if (Traits::eq_int_type(c, Traits::eof())) {
      in.setstate(std::ios::eofbit);
      return length > 0;
    }
    if (Traits::to_char_type(c) == '\n') return true;
    if (length++ < keep) line += Traits::to_char_type(c);
  }
}

}  // namespace tz::cli
