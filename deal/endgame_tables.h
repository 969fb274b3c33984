// The Queen of the Hill tables a deal search ends in: which materials a position can
// reach by captures, which of their files are present, and the checksums a certificate
// names them by.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "deal/certificate.h"
#include "rules/layout.h"
#include "rules/position.h"

namespace hilltb {

using TableDirs = std::vector<std::filesystem::path>;

// The canonical names of the materials with 1 to max_pieces pieces that captures can
// leave of pos's pieces.
std::vector<std::string> reachable_materials(const Position& pos, int max_pieces);

// The files (relative to their directory, e.g. "qoth/ring/RRvN.htb") that `materials`
// need for `layout`: one per material and family of tables.
std::vector<std::string> table_files(const Layout& layout, const std::vector<std::string>& materials);

// The files the searches of `positions` end in: table_files of every material with 1 to
// max_pieces pieces that their captures can reach, each material once.
std::vector<std::string> needed_table_files(const std::vector<Position>& positions, const Layout& layout,
                                            int max_pieces);

// The files of `files` found in none of dirs.
std::vector<std::string> missing_files(const TableDirs& dirs, const std::vector<std::string>& files);

// Each file with the checksum in its header (the first directory holding it wins).
// Throws TableError for a file that is missing or whose header is damaged.
std::vector<TableRef> table_refs(const TableDirs& dirs, const std::vector<std::string>& files);

}  // namespace hilltb
