#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro Swift cannot import: a destructor of -1 tells SQLite to copy.
static inline sqlite3_destructor_type csqlite_transient(void) { return (sqlite3_destructor_type)-1; }
#endif
