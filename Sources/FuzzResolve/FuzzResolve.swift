#if !FUZZING
@main struct Replay { static func main() {} }
#endif
